// The public face of @fp/workflows: the backend imports only this (and the sandbox / Temporal
// subpaths, kept apart because they start servers or load Temporal's native worker).
export * from './automation/index';
export * from './engine/port';
export * from './engine/outcome';
export { createSubmissionActivities, resolveWebsite, INTERRUPTED, type ActivityDeps } from './engine/activities';
export { SharedBrowser } from './engine/browser';
export { createDbosEngine, DBOS_APP_VERSION, DBOS_QUEUE, DBOS_WORKFLOW, type DbosEngineOptions } from './engine/dbos';
export { createRecap, type LlmConfig, type Recap } from './engine/recap';
export { createDrafts, type DraftAnswers } from './engine/drafts';
export { RunRegistry } from './engine/runs';
export * from './live/hub';
export { renderLivePage } from './live/page';
