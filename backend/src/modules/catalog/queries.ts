import {
  MAX_ALL_IDS,
  type AngelFilterOptionsResponse,
  type AngelFilterQuery,
  type AngelInvestorsQuery,
  type AngelInvestorsResponse,
  type VcFilterOptionsResponse,
  type VcFilterQuery,
  type VcFirmsQuery,
  type VcFirmsResponse,
} from '@fp/contracts';
import {
  formAcceptsOnline,
  formLiveViewBlockers,
  isReservedDomain,
  toAngelListItem,
  toAngelPublicDetail,
  type AngelInvestorDetail,
  type AngelInvestorPublicDetail,
  type FirmFormEntry,
  type VcFirm,
} from '@fp/contracts';
import { FIT_NEEDS_PROFILE, fitDay, fitProfileComplete, fitScore, fitToday, type FitProfile } from '@fp/contracts';
import type { FitQuery, SearchIndex, VcCollection } from '@fp/projections';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context';
import { DomainError } from '../../platform/decider';
import type { ProfileService } from '../profile/index';
import type { DomainCheck, DomainVerdict } from './domain-check';
import { angelFilter, vcFilter } from './filters';

/** What the submissions module needs to know about a firm it applies to. */
export interface FirmSummary {
  id: string;
  name: string;
  website: string | null;
  city: string | null;
  country: string | null;
  investorType: string | null;
  description: string | null;
  /**
   * Known before any charge: the automation must not apply to this firm (a demo firm on a reserved
   * name; with `checkDomains`, a website whose domain does not resolve).
   */
  unusable: 'reserved_domain' | 'unresolvable_domain' | null;
  /** The registry's latest check of the firm's application form, if any. */
  form: FirmFormEntry | null;
}

/** Generated (demo) firms live on reserved names: nobody's site, so never applied on. */
function unusable(website: string | null): 'reserved_domain' | null {
  if (!website) return null;
  try {
    return isReservedDomain(new URL(website).hostname) ? 'reserved_domain' : null;
  } catch {
    return null;
  }
}

const TABLE: Record<VcCollection, string> = { vc: 'catalog_vc_firms', test: 'catalog_test_firms' };
const byText = (a: string, b: string) => a.localeCompare(b, 'en');

function tooManyMatches(total: number, what: string): DomainError {
  return new DomainError(
    `${total.toLocaleString('en-US')} ${what} match these filters; Select All Filtered takes at most ${MAX_ALL_IDS.toLocaleString('en-US')}. Narrow the filters and try again.`,
    400,
    'too_many_matches',
  );
}

/**
 * The read side: the search index answers which ids and how many; the read models hold the
 * records. Test catalog reads first make sure it matches the sandbox address.
 */
export function createCatalogQueries(
  ctx: Pick<AppContext, 'db' | 'clock'> & { profile: ProfileService },
  index: SearchIndex,
  ensureTestCatalog: () => Promise<void>,
  formEntries: (collection: VcCollection, ids: readonly string[]) => Promise<Map<string, FirmFormEntry>>,
  domains: DomainCheck,
) {
  async function records<T>(table: string, ids: readonly string[]): Promise<Map<string, T>> {
    if (!ids.length) return new Map();
    const r = await sql<{
      id: string;
      record: T;
    }>`select id, record from ${sql.table(table)} where id = any(${ids as string[]}::text[])`.execute(ctx.db);
    return new Map(r.rows.map((row) => [row.id, row.record]));
  }
  const inOrder = <T>(ids: readonly string[], found: Map<string, T>) =>
    ids.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
  const ready = (collection: VcCollection) => (collection === 'test' ? ensureTestCatalog() : Promise.resolve());

  // Filter options change only with an import: cached per collection until the index moves on.
  const facetCache = new Map<string, { generation: string; value: unknown }>();
  async function cached<T>(key: string, scope: string, compute: () => Promise<T>): Promise<T> {
    const g = await sql<{
      g: string;
    }>`select coalesce(max(import_id || ':' || loaded || ':' || updated_at::text), '') as g from catalog_search_imports where scope = ${scope}`.execute(
      ctx.db,
    );
    const generation = g.rows[0]?.g ?? '';
    const hit = facetCache.get(key);
    if (hit && hit.generation === generation) return hit.value as T;
    const value = await compute();
    facetCache.set(key, { generation, value });
    return value;
  }

  /**
   * The founder's fit query, when their profile names stage and industry. Sorting or
   * filtering by fit without them is refused with what to do (400), rather than ranking by
   * factors that are mostly unknown.
   */
  async function fitFor(userId: string, q: Pick<VcFilterQuery, 'sort' | 'fitMin'>): Promise<FitQuery | undefined> {
    const { profile } = await ctx.profile.get(userId);
    if (!fitProfileComplete(profile)) {
      if (q.sort === 'fit' || q.fitMin !== undefined)
        throw new DomainError(FIT_NEEDS_PROFILE, 400, 'fit_needs_profile');
      return undefined;
    }
    const p: FitProfile = {
      stage: profile.stage,
      industry: profile.industry,
      raising: profile.raising,
      location: profile.location,
    };
    return { profile: p, today: fitDay(ctx.clock.now()), min: q.fitMin };
  }

  return {
    /** A page of firms; with the founder's fit on each (and the fit order or bound) once their profile allows it. */
    async listVcFirms(collection: VcCollection, q: VcFirmsQuery, userId: string): Promise<VcFirmsResponse> {
      await ready(collection);
      const fit = await fitFor(userId, q);
      const page = await index.searchVcFirms(
        collection,
        { ...vcFilter(q), fit },
        { page: q.page, limit: q.limit, order: q.sort ?? 'name' },
      );
      const [found, forms] = await Promise.all([
        records<VcFirm>(TABLE[collection], page.ids),
        formEntries(collection, page.ids),
      ]);
      // The registry's entry rides along for the badge and the details dialog (null: never checked).
      const firms = inOrder(page.ids, found).map((f) => ({ ...f, form: forms.get(f.id) ?? null }));
      if (!fit) return { firms, total: page.total };
      // The reasons come from the same function the index ranked by, with the registry's verdict the index holds.
      const today = fitToday(fit.today);
      return {
        firms: firms.map((f) => ({
          ...f,
          fit: fitScore(
            fit.profile,
            { ...f, acceptsOnline: formAcceptsOnline(f.form), liveView: formLiveViewBlockers(f.form) },
            today,
          ),
        })),
        total: page.total,
      };
    },

    async vcFirmIds(collection: VcCollection, q: VcFilterQuery, userId: string): Promise<string[]> {
      await ready(collection);
      const r = await index.vcFirmIds(collection, { ...vcFilter(q), fit: await fitFor(userId, q) }, MAX_ALL_IDS);
      if (r.total > MAX_ALL_IDS) throw tooManyMatches(r.total, 'firms');
      return r.ids;
    },

    async vcFilterOptions(collection: VcCollection): Promise<VcFilterOptionsResponse> {
      await ready(collection);
      return cached(`vc:${collection}`, collection, async () => {
        const f = await index.vcFacets(collection);
        return {
          locations: f.countries.map((c) => c.value).sort(byText),
          investorTypes: f.investorTypes.map((t) => t.value).sort(byText),
        };
      });
    },

    async listAngels(q: AngelInvestorsQuery): Promise<AngelInvestorsResponse> {
      const page = await index.searchAngels(angelFilter(q), { page: q.page, limit: q.limit });
      return {
        investors: inOrder(page.ids, await records<AngelInvestorDetail>('catalog_angels', page.ids)).map(
          toAngelListItem,
        ),
        total: page.total,
      };
    },

    async angelIds(q: AngelFilterQuery): Promise<string[]> {
      const r = await index.angelIds(angelFilter(q), MAX_ALL_IDS);
      if (r.total > MAX_ALL_IDS) throw tooManyMatches(r.total, 'angel investors');
      return r.ids;
    },

    /** Locations most investors have first, so the first 15 of a region are the useful ones. */
    async angelFilterOptions(): Promise<AngelFilterOptionsResponse> {
      return cached('angels', 'angels', async () => ({
        countries: (await index.angelFacets()).locations.map((l) => l.value),
      }));
    },

    /** The details dialog: contact values only as "exists" (they leave through the paid export). */
    async angel(id: string): Promise<AngelInvestorPublicDetail> {
      const found = (await records<AngelInvestorDetail>('catalog_angels', [id])).get(id);
      if (!found) throw new DomainError('Angel investor not found', 404, 'not_found');
      return toAngelPublicDetail(found);
    },

    /**
     * Firms by id from the real or the test catalog; unknown ids are simply absent. `checkDomains`
     * (the submit, before it charges) also asks DNS, bounded, whether each real firm's domain
     * resolves; test firms live on the sandbox and are never looked up.
     */
    async getFirms(ids: string[], opts: { test: boolean; checkDomains?: boolean }): Promise<FirmSummary[]> {
      const collection: VcCollection = opts.test ? 'test' : 'vc';
      await ready(collection);
      const unique = [...new Set(ids)];
      const [found, forms] = await Promise.all([
        records<VcFirm>(TABLE[collection], unique),
        formEntries(collection, unique),
      ]);
      const firms = inOrder(unique, found);
      const lookups =
        opts.checkDomains && collection === 'vc'
          ? firms.flatMap((f) => (f.website && !unusable(f.website) ? [f.website] : []))
          : [];
      const verdicts = lookups.length ? await domains.websites(lookups) : new Map<string, DomainVerdict>();
      return firms.map((f) => ({
        id: f.id,
        name: f.vcName,
        website: f.website,
        city: f.city,
        country: f.country,
        investorType: f.primaryInvestorType,
        description: f.description,
        unusable:
          collection !== 'vc'
            ? null
            : (unusable(f.website) ??
              (f.website && verdicts.get(f.website) === 'unresolvable' ? 'unresolvable_domain' : null)),
        form: forms.get(f.id) ?? null,
      }));
    },
  };
}
