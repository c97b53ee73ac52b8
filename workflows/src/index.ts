// The public face of @fp/workflows: the backend imports only this (and the sandbox / Temporal
// subpaths, kept apart because they start servers or load Temporal's native worker).
export * from './automation/index';
export * from './engine/port';
export * from './engine/outcome';
export { createSubmissionActivities, resolveWebsite } from './engine/activities';
export { SharedBrowser } from './engine/browser';
export { createDbosHistory, type WorkflowHistory } from './engine/history';
export { createDbosEngine } from './engine/dbos';
export {
  createDiscoveryActivities,
  type DiscoveryActivities,
  type DiscoveryCheck,
  type DiscoveryRun,
  type DiscoveryStorePort,
  type DiscoveryTarget,
} from './engine/discovery';
export { createRecap } from './engine/recap';
export { createDrafts } from './engine/drafts';
export { RunRegistry } from './engine/runs';
export { WorkerSlots } from './engine/slots';
export { defaultPerFounder, pickFair, type QueuedRun } from './engine/fair-queue';
export * from './live/hub';
export { renderLivePage } from './live/page';
