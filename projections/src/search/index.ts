// The search index port and its adapters; the composition root (backend/src/runtime.ts) picks one.

export * from './port';
export * from './documents';
export { PostgresSearchIndex, tsQuery } from './postgres';
export { InProcessSearchIndex, MemoryVcCollection, vcPlan, angelPlan, type InProcessOptions } from './memory';
export { MeilisearchIndex, vcMeiliFilter, angelMeiliFilter, meiliString, type MeilisearchOptions } from './meilisearch';
export { compareDocs } from './order';
export {
  matchesVc,
  matchesAngel,
  matchesWords,
  referencePage,
  referenceVcPage,
  referenceFacet,
  sortFacets,
} from './reference';
export { FitScorer, fitFirmOfDoc, fitQueryKey, compareFit } from './fit';
