// Catalog rules and schemas: pure, shared by server and browser. Only zod is imported.
export { formatAum, sanitizeAumInput, parseNumeric, formatStatusCode } from './format';
export {
  cleanInvestorName,
  cleanDescription,
  INVESTOR_NAME_TITLES,
  BIOGRAPHY_VERBS,
  SOURCE_TAG_PATTERNS,
} from './names';
export {
  splitIndustries,
  industryBadges,
  takeWithMore,
  PROFILE_INDUSTRIES,
  INVESTOR_STAGES,
  VC_INVESTOR_TYPES,
  MAX_INDUSTRY_BADGES,
  MAX_COUNTRIES_PER_REGION,
  MAX_OTHER_LOCATIONS,
} from './industries';
export type { InvestorStage, Truncated } from './industries';
export {
  groupCountriesByRegion,
  regionOf,
  matchLocation,
  knownCountries,
  REGIONS,
  POPULAR_COUNTRIES,
  US_STATE_CODES,
} from './regions';
export type { Region, LocationMatch } from './regions';
export { csvCell, csvRow, toCsv, CSV_LINE_BREAK } from './csv';
export type { CsvValue } from './csv';
export {
  vcFirmSchema,
  vcFirmListItemSchema,
  vcFirmDetailSchema,
  angelInvestorDetailSchema,
  angelInvestorListItemSchema,
  toAngelListItem,
  toAngelPublicDetail,
} from './schemas';
export type {
  VcFirm,
  VcFirmListItem,
  VcFirmDetail,
  AngelInvestorDetail,
  AngelInvestorListItem,
  AngelInvestorPublicDetail,
} from './schemas';
export {
  IMPORT_SOURCES,
  SOURCE_INFO,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_FIELD_CHARS,
  provenanceSchema,
  catalogSourceSchema,
  CatalogSourcesResponse,
  isReservedDomain,
  normaliseDomain,
} from './sources';
export type { ImportSource, SourceInfo, Provenance, CatalogSource, ImportSummary } from './sources';
export {
  FORM_KINDS,
  FORM_OUTCOMES,
  FORM_BLOCKERS,
  UNPASSABLE_BLOCKERS,
  LIVE_VIEW_BLOCKERS,
  FORM_KIND_LABELS,
  FORM_BLOCKER_LABELS,
  FORM_OUTCOME_LABELS,
  DEFAULT_STALE_DAYS,
  formFieldSchema,
  firmFormEntrySchema,
  formUsability,
  formNeedsYou,
  formLiveViewBlockers,
  formAcceptsOnline,
  formBadge,
  formDiscoveryRunSchema,
  FormRegistryOverview,
  FormsOverviewQuery,
  StartFormDiscoveryRequest,
} from './forms';
export type {
  FormKind,
  FormOutcome,
  FormBlocker,
  FormField,
  FirmFormEntry,
  FormUsability,
  FormDiscoveryRun,
} from './forms';
