import {
  AngelFilterQuery,
  MAX_ALL_IDS,
  SAVED_SEARCH_NOT_FOUND,
  VcFilterQuery,
  type SavedSearch,
  type SavedSearchKind,
  type SavedSearchQuery,
  iso,
} from '@fp/contracts';
import { sql } from 'kysely';
import { DomainError } from '../../platform/decider';
import { parse } from '../../platform/http';
import type { SavedSearchesServiceContext } from './context';

// What every saved-search use case reads: the stored searches, what they match now, what was seen.

const TOO_BROAD = `Save a narrower search: this one matches more than ${MAX_ALL_IDS.toLocaleString('en-US')} investors, too many to tell which are new.`;

/** Ids matching a saved query, through the same filter schema and index as the database screens. */
export async function matchingIds(
  ctx: Pick<SavedSearchesServiceContext, 'catalog'>,
  kind: SavedSearchKind,
  query: SavedSearchQuery,
  userId: string,
): Promise<string[]> {
  try {
    // The founder's own fit counts when the search keeps firms fitting at least N.
    return kind === 'vc'
      ? await ctx.catalog.vcFirmIds('vc', parse(VcFilterQuery, query), userId)
      : await ctx.catalog.angelIds(parse(AngelFilterQuery, query));
  } catch (err) {
    if (err instanceof DomainError && err.code === 'too_many_matches')
      throw new DomainError(TOO_BROAD, 400, 'too_broad');
    throw err;
  }
}

/** Stores what a search matches as seen (`replace`: opening it makes everything seen again). */
export async function rememberSeen(
  ctx: Pick<SavedSearchesServiceContext, 'db'>,
  searchId: string,
  ids: string[],
  at: Date,
  replace: boolean,
) {
  const q = ctx.db.insertInto('saved_search_seen').values({ search_id: searchId, ids, seen_at: at });
  // Opening makes everything seen: nothing is left to e-mail about.
  await (
    replace
      ? q.onConflict((oc) => oc.column('search_id').doUpdateSet({ ids, seen_at: at, notified: sql`'{}'::text[]` }))
      : q.onConflict((oc) => oc.column('search_id').doNothing())
  ).execute();
}

/** The founder's saved searches (or one) with the ids last seen. */
export async function savedSearchRows(ctx: Pick<SavedSearchesServiceContext, 'db'>, userId: string, id?: string) {
  let q = ctx.db
    .selectFrom('saved_searches as s')
    .leftJoin('saved_search_seen as v', 'v.search_id', 's.id')
    .selectAll('s')
    .select('v.ids as seen')
    .where('s.user_id', '=', userId);
  if (id) q = q.where('s.id', '=', id);
  return q.orderBy('s.created_at').orderBy('s.id').execute();
}

/** A stored search with its total and new matches now. */
export async function evaluateSearch(
  ctx: Pick<SavedSearchesServiceContext, 'catalog'>,
  r: Record<string, any>,
): Promise<{ search: SavedSearch; ids: string[] }> {
  const query = (typeof r.query === 'string' ? JSON.parse(r.query) : r.query) as SavedSearchQuery;
  let ids: string[] = [];
  let newMatches = 0;
  try {
    ids = await matchingIds(ctx, r.kind, query, r.user_id);
    const seen = new Set<string>(r.seen ?? []);
    newMatches = ids.filter((id) => !seen.has(id)).length;
  } catch (err) {
    // Grown too broad since it was saved, or it keeps firms by fit and the profile no longer
    // names stage and industry: shown with no count rather than failing the list.
    if (!(err instanceof DomainError && (err.code === 'too_broad' || err.code === 'fit_needs_profile'))) throw err;
  }
  return {
    search: {
      id: r.id,
      name: r.name,
      kind: r.kind,
      query,
      createdAt: iso(r.created_at),
      lastOpenedAt: iso(r.last_opened_at),
      total: ids.length,
      newMatches,
    },
    ids,
  };
}

/** One of the founder's searches; another founder's is a 404. */
export async function savedSearchRow(ctx: Pick<SavedSearchesServiceContext, 'db'>, userId: string, id: string) {
  const [r] = await savedSearchRows(ctx, userId, id);
  if (!r) throw new DomainError(SAVED_SEARCH_NOT_FOUND, 404, 'not_found');
  return r;
}
