// The public face of @fp/workflows: the backend imports only this (and the sandbox / Temporal
// subpaths, kept apart because they start servers or load Temporal's native worker).
export * from './automation/index';
export * from './engine/port';
export * from './engine/outcome';
export { createSubmissionActivities, resolveWebsite, INTERRUPTED, type ActivityDeps } from './engine/activities';
export { SharedBrowser } from './engine/browser';
export {
  createDbosHistory,
  numberTries,
  type EngineRunHistory,
  type EngineStep,
  type WorkflowHistory,
} from './engine/history';
export {
  createDbosEngine,
  DBOS_APP_VERSION,
  DBOS_QUEUE,
  DBOS_WORKFLOW,
  DBOS_DISCOVERY_QUEUE,
  DBOS_DISCOVERY_WORKFLOW,
  discoveryWorkflowId,
  type DbosEngineOptions,
} from './engine/dbos';
export {
  createDiscoveryActivities,
  HostPacer,
  ROBOTS_AGENT,
  type DiscoveryActivities,
  type DiscoveryCheck,
  type DiscoveryOptions,
  type DiscoveryRun,
  type DiscoveryStorePort,
  type DiscoveryTarget,
} from './engine/discovery';
export { createRecap, type LlmConfig, type Recap } from './engine/recap';
export { createDrafts, type DraftAnswers } from './engine/drafts';
export { RunRegistry } from './engine/runs';
export { WorkerSlots, type SlotLease, type SlotState, type WorkerSlotsOptions } from './engine/slots';
export {
  defaultPerFounder,
  pickFair,
  type FairQueuePick,
  type FairQueueState,
  type QueuedRun,
} from './engine/fair-queue';
export * from './live/hub';
export { renderLivePage } from './live/page';
export { PageInputChannel, type PageInput } from './live/input';
