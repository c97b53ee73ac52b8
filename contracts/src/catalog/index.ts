// Catalog rules and schemas: pure, shared by server and browser. Only zod is imported.
export { formatAum, sanitizeAumInput, parseNumeric } from './format';
export { cleanInvestorName, cleanDescription, BIOGRAPHY_VERBS } from './names';
export {
  splitIndustries,
  industryBadges,
  takeWithMore,
  INVESTOR_STAGES,
  VC_INVESTOR_TYPES,
  MAX_COUNTRIES_PER_REGION,
  MAX_OTHER_LOCATIONS,
} from './industries';
export type { InvestorStage } from './industries';
export { groupCountriesByRegion, regionOf, matchLocation, REGIONS, POPULAR_COUNTRIES } from './regions';
export type { Region } from './regions';
export { csvRow, toCsv, CSV_LINE_BREAK } from './csv';
export type { CsvValue } from './csv';
export {
  vcFirmSchema,
  angelInvestorDetailSchema,
  angelInvestorListItemSchema,
  toAngelListItem,
  toAngelPublicDetail,
} from './schemas';
export type { VcFirm, AngelInvestorDetail, AngelInvestorListItem, AngelInvestorPublicDetail } from './schemas';
export {
  IMPORT_SOURCES,
  SOURCE_INFO,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_FIELD_CHARS,
  isReservedDomain,
  normaliseDomain,
} from './sources';
export type { ImportSource, Provenance, CatalogSource, ImportSummary } from './sources';
export {
  FORM_OUTCOMES,
  FORM_KIND_LABELS,
  FORM_BLOCKER_LABELS,
  FORM_OUTCOME_LABELS,
  DEFAULT_STALE_DAYS,
  firmFormEntrySchema,
  formUsability,
  formNeedsYou,
  formLiveViewBlockers,
  formAcceptsOnline,
  formBadge,
  FormRegistryOverview,
  FormsOverviewQuery,
  StartFormDiscoveryRequest,
} from './forms';
export type { FormOutcome, FirmFormEntry, FormDiscoveryRun } from './forms';
