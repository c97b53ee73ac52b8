import { z } from 'zod';
import { parseNumeric } from '../catalog/format';
import { ACTION_PRICES, creditCount } from '../credits/prices';
import { INVESTOR_STAGES, type InvestorStage } from '../catalog/industries';
import { angelInvestorListItemSchema, vcFirmSchema, type AngelInvestorPublicDetail } from '../catalog/schemas';
import type { FormRegistryOverview, FormsOverviewQuery, StartFormDiscoveryRequest } from '../catalog/forms';
import type { CatalogSourcesResponse } from '../catalog/sources';

// Query strings of the catalog endpoints (spec section 7). Every value arrives as text; a
// repeated key arrives as an array. Limits keep every query bounded.

const MAX_PAGE_SIZE = 100;
export const MAX_PAGE = 100_000;
/** Most values one repeated filter may carry (a region of the angel location list is ~60). */
export const MAX_FILTER_VALUES = 500;
export const MAX_SEARCH_LENGTH = 200;
/** Most ids one Select All Filtered answers; narrower filters are needed beyond it. */
export const MAX_ALL_IDS = 50_000;
/** Most investors one CSV export may hold (the whole angel catalog). */
export const MAX_EXPORT_IDS = 43_500;

const VC_PAGE_SIZE = 25;
const TEST_VC_PAGE_SIZE = 20;
const ANGEL_PAGE_SIZE = 50;

const NO_ANGELS_SELECTED = 'Please select at least one angel investor to export';
export const EXPORT_INSUFFICIENT = `You need at least ${creditCount(ACTION_PRICES.angel_export)} to export data.`;

const scalar = (name: string, max = 100) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? undefined : `${name} must be given once`) })
    .max(max, `${name} must be at most ${max} characters`);

/** page ≥ 1 (blank means 1). */
const page = scalar('page')
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === '') return 1;
    const n = Number(v.trim());
    if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE) {
      ctx.addIssue({ code: 'custom', message: `page must be a whole number from 1 to ${MAX_PAGE}` });
      return z.NEVER;
    }
    return n;
  });

const limit = (fallback: number) =>
  scalar('limit')
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      const n = Number(v.trim());
      if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE_SIZE) {
        ctx.addIssue({ code: 'custom', message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` });
        return z.NEVER;
      }
      return n;
    });

const search = scalar('search', MAX_SEARCH_LENGTH)
  .optional()
  .transform((v) => v?.trim() || undefined);

/** A repeated filter: one value or many; blanks and repeats dropped; none left means no filter. */
const list = (name: string) =>
  z
    .preprocess(
      (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]),
      z
        .array(z.string({ error: `${name} must be text` }).max(200, `each ${name} must be at most 200 characters`))
        .max(MAX_FILTER_VALUES, `at most ${MAX_FILTER_VALUES} ${name} values`)
        .optional(),
    )
    .transform((values) => {
      const kept = [...new Set((values ?? []).map((s) => s.trim()).filter(Boolean))];
      return kept.length ? kept : undefined;
    })
    .optional();

/** Numeric rule of spec section 5: blank or non-numeric text is no value. */
const numeric = (name: string) =>
  scalar(name, 50)
    .optional()
    .transform((v) => parseNumeric(v));

const day = (name: string) =>
  scalar(name, 20)
    .optional()
    .transform((v, ctx) => {
      const s = v?.trim();
      if (!s) return undefined;
      const d = new Date(`${s}T00:00:00Z`);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a date written YYYY-MM-DD` });
        return z.NEVER;
      }
      return s;
    });

const stages = list('stage').transform((values, ctx) => {
  if (!values) return undefined;
  const unknown = values.filter((v) => !(INVESTOR_STAGES as readonly string[]).includes(v));
  if (unknown.length) {
    ctx.addIssue({ code: 'custom', message: `Unknown stage '${unknown[0]}': use ${INVESTOR_STAGES.join(', ')}` });
    return z.NEVER;
  }
  return values as InvestorStage[];
});

type Range = [string, string];
function checkRanges<T extends Record<string, unknown>>(ranges: Range[]) {
  return (q: T, ctx: z.RefinementCtx) => {
    for (const [lo, hi] of ranges) {
      const a = q[lo];
      const b = q[hi];
      if (a !== undefined && b !== undefined && (a as number | string) > (b as number | string)) {
        ctx.addIssue({ code: 'custom', message: `${lo} must not be greater than ${hi}`, path: [lo] });
      }
    }
  };
}

/** Only firms whose fit for the founder is at least this; needs a profile with stage and industry. */
const fitMin = scalar('fitMin', 20)
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === '') return undefined;
    const n = Number(v.trim());
    if (!Number.isInteger(n) || n < 0 || n > 100) {
      ctx.addIssue({ code: 'custom', message: 'fitMin must be a whole number from 0 to 100' });
      return z.NEVER;
    }
    return n;
  });

export const VC_SORTS = ['name', 'fit'] as const;
export type VcSort = (typeof VC_SORTS)[number];
/** 'name' (default) or 'fit': best fit for the founder first (needs a profile with stage and industry). */
const sort = scalar('sort', 20)
  .optional()
  .transform((v, ctx): VcSort | undefined => {
    const s = v?.trim();
    if (!s) return undefined;
    if (!(VC_SORTS as readonly string[]).includes(s)) {
      ctx.addIssue({ code: 'custom', message: `sort must be one of: ${VC_SORTS.join(', ')}` });
      return z.NEVER;
    }
    return s as VcSort;
  });

const vcFilterShape = {
  search,
  country: list('country'),
  investorType: list('investorType'),
  aumMin: numeric('aumMin'),
  aumMax: numeric('aumMax'),
  // Beyond the spec, valued by founders: stages, typical cheque (USD thousands), recency.
  stage: stages,
  checkSizeMin: numeric('checkSizeMin'),
  checkSizeMax: numeric('checkSizeMax'),
  lastInvestmentFrom: day('lastInvestmentFrom'),
  lastInvestmentTo: day('lastInvestmentTo'),
  fitMin,
  // Accepted with the filters so a saved search or a link keeps it; all-ids answers in name order.
  sort,
  /** The registry found a form the automation can use ("Accepts online applications"). */
  acceptsOnline: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === 'true' ? true : undefined)),
};
const vcRanges: Range[] = [
  ['aumMin', 'aumMax'],
  ['checkSizeMin', 'checkSizeMax'],
  ['lastInvestmentFrom', 'lastInvestmentTo'],
];

/** GET /api/vc-firms/all-ids and /api/test-vc-firms/all-ids */
export const VcFilterQuery = z.strictObject(vcFilterShape).superRefine(checkRanges(vcRanges));
export type VcFilterQuery = z.output<typeof VcFilterQuery>;

/** GET /api/vc-firms (limit 25) and /api/test-vc-firms (limit 20) */
const vcListQuery = (defaultLimit: number) =>
  z.strictObject({ ...vcFilterShape, page, limit: limit(defaultLimit) }).superRefine(checkRanges(vcRanges));
export const VcFirmsQuery = vcListQuery(VC_PAGE_SIZE);
export const TestVcFirmsQuery = vcListQuery(TEST_VC_PAGE_SIZE);
export type VcFirmsQuery = z.output<typeof VcFirmsQuery>;

const angelFilterShape = {
  search,
  country: list('country'),
  investmentMin: numeric('investmentMin'),
  investmentMax: numeric('investmentMax'),
  exitMin: numeric('exitMin'),
  exitMax: numeric('exitMax'),
};
const angelRanges: Range[] = [
  ['investmentMin', 'investmentMax'],
  ['exitMin', 'exitMax'],
];

/** GET /api/investors/all-ids */
export const AngelFilterQuery = z.strictObject(angelFilterShape).superRefine(checkRanges(angelRanges));
export type AngelFilterQuery = z.output<typeof AngelFilterQuery>;

/** GET /api/investors */
export const AngelInvestorsQuery = z
  .strictObject({ ...angelFilterShape, page, limit: limit(ANGEL_PAGE_SIZE) })
  .superRefine(checkRanges(angelRanges));
export type AngelInvestorsQuery = z.output<typeof AngelInvestorsQuery>;

// Responses.
/** A firm's fit for the signed-in founder: the score of `fitScore` and one reason per factor. */
const FirmFitSchema = z.object({
  score: z.number().int().min(0).max(100),
  confidence: z.number().min(0).max(1),
  reasons: z.array(
    z.object({ factor: z.string(), label: z.string(), match: z.enum(['yes', 'partial', 'no', 'unknown']) }),
  ),
});
export type FirmFit = z.infer<typeof FirmFitSchema>;
/** A list item: the firm, with its fit once the founder's profile names stage and industry. */
const vcFirmWithFitSchema = vcFirmSchema.extend({ fit: FirmFitSchema.optional() });
export type VcFirmWithFit = z.infer<typeof vcFirmWithFitSchema>;
export const VcFirmsResponse = z.object({ firms: z.array(vcFirmWithFitSchema), total: z.number().int().min(0) });
export type VcFirmsResponse = z.infer<typeof VcFirmsResponse>;
export const VcFilterOptionsResponse = z.object({ locations: z.array(z.string()), investorTypes: z.array(z.string()) });
export type VcFilterOptionsResponse = z.infer<typeof VcFilterOptionsResponse>;
const VcAllIdsResponse = z.object({ vcIds: z.array(z.string()) });
type VcAllIdsResponse = z.infer<typeof VcAllIdsResponse>;

export const AngelInvestorsResponse = z.object({
  investors: z.array(angelInvestorListItemSchema),
  total: z.number().int().min(0),
});
export type AngelInvestorsResponse = z.infer<typeof AngelInvestorsResponse>;
export const AngelFilterOptionsResponse = z.object({ countries: z.array(z.string()) });
export type AngelFilterOptionsResponse = z.infer<typeof AngelFilterOptionsResponse>;
export const AngelAllIdsResponse = z.object({ investorIds: z.array(z.string()) });
export type AngelAllIdsResponse = z.infer<typeof AngelAllIdsResponse>;

/** POST /api/export-angel-investors: answered with a CSV file. */
export const ExportAngelInvestorsRequest = z.strictObject({
  investorIds: z
    .array(z.string({ error: 'investorIds must be a list of ids' }).min(1).max(100), { error: NO_ANGELS_SELECTED })
    .max(MAX_EXPORT_IDS, `You can export at most ${MAX_EXPORT_IDS.toLocaleString('en-US')} angel investors at a time`)
    .optional()
    .transform((ids, ctx) => {
      const unique = [...new Set(ids ?? [])];
      if (unique.length === 0) {
        ctx.addIssue({ code: 'custom', message: NO_ANGELS_SELECTED });
        return z.NEVER;
      }
      return unique;
    }),
});
export type ExportAngelInvestorsRequest = z.input<typeof ExportAngelInvestorsRequest>;

/** The export's columns, in order (documented in docs/catalog.md). */
export const ANGEL_EXPORT_COLUMNS = [
  'Name',
  'Investor Type',
  'Location',
  'Country',
  'Email',
  'Email Verified',
  'Phone',
  'Website',
  'LinkedIn',
  'Twitter',
  'Industries',
  'Investments',
  'Exits',
  'Description',
] as const;

/** 'angel_investors_export_2025-01-31.csv' */
export const angelExportFileName = (date: Date) => `angel_investors_export_${date.toISOString().slice(0, 10)}.csv`;

type VcListRoute<Q extends z.ZodType> = { GET: { query: z.input<Q>; response: VcFirmsResponse } };

/**
 * The catalog routes (merged into `ApiContract`). The angel export answers a CSV file (fetched raw,
 * not declared here). The query values are text, as the query string carries them.
 */
export interface CatalogApi {
  vcFirms: VcListRoute<typeof VcFirmsQuery>;
  vcFilterOptions: { GET: { response: VcFilterOptionsResponse } };
  vcFirmIds: { GET: { query: z.input<typeof VcFilterQuery>; response: VcAllIdsResponse } };
  testVcFirms: VcListRoute<typeof TestVcFirmsQuery>;
  testFilterOptions: { GET: { response: VcFilterOptionsResponse } };
  testVcFirmIds: { GET: { query: z.input<typeof VcFilterQuery>; response: VcAllIdsResponse } };
  catalogSources: { GET: { response: CatalogSourcesResponse } };
  investors: { GET: { query: z.input<typeof AngelInvestorsQuery>; response: AngelInvestorsResponse } };
  investorFilterOptions: { GET: { response: AngelFilterOptionsResponse } };
  investorIds: { GET: { query: z.input<typeof AngelFilterQuery>; response: AngelAllIdsResponse } };
  investor: { GET: { response: AngelInvestorPublicDetail } };
  /** The registry of application forms (operators only). */
  opsForms: { GET: { query: z.input<typeof FormsOverviewQuery>; response: FormRegistryOverview } };
  /** 202 with the run's id when a run started; 200 with a null id when there was nothing to check. */
  opsFormsDiscover: {
    POST: { body: z.input<typeof StartFormDiscoveryRequest>; response: { runId: string | null; total: number } };
  };
}
