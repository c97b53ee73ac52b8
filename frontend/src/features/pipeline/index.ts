// What other features use of the pipeline. Pages loaded by routes.ts stay out (they are lazy chunks).
export { AddToPipelineButton } from './AddToPipelineButton';
export { FollowUpsCard, PipelineFunnelCard } from './PipelineDashboard';
export { pipelineQueryOptions } from './queries';
