// The in-process search index, in its parts: plan.ts (a query as set operations), bitsets.ts,
// postings.ts (a segment: documents in their one order, a posting list per term), builder.ts (a
// segment from a full load), fit.ts (the fit fields and scores), sorting.ts (the one order, the fit
// page), rows.ts (documents as the tables give them), collection.ts (base + delta) and
// in-process-index.ts (the SearchIndex adapter: freshness, loading, catching up).
export { InProcessSearchIndex, type InProcessOptions } from './in-process-index';
export { MemoryVcCollection } from './collection';
export { vcPlan, angelPlan } from './plan';
