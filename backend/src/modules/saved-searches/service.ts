import {
  AngelFilterQuery,
  MAX_ALL_IDS,
  SAVED_SEARCH_NOT_FOUND,
  savedSearchStream,
  VcFilterQuery,
  type CreateSavedSearchRequest,
  type SavedSearch,
  type SavedSearchKind,
  type SavedSearchQuery,
} from '@fp/contracts';
import type { AppContext } from '../../platform/context';
import { sql } from 'kysely';
import { DomainError, handleCommand, type CommandMeta } from '../../platform/decider';
import { parse } from '../../platform/http';
import type { CatalogService } from '../catalog/index';
import type { MailService } from '../mail/index';
import { savedSearchesDecider, type SavedSearchCommand } from './decider';

export type SavedSearchesServiceContext = Pick<AppContext, 'store' | 'db' | 'projections' | 'newId' | 'config'> & {
  catalog: CatalogService;
  mail: MailService;
};

export const SAVED_SEARCH_MAIL_ACTOR = 'saved-searches:notifier';
const TOO_BROAD = `Save a narrower search: this one matches more than ${MAX_ALL_IDS.toLocaleString('en-US')} investors, too many to tell which are new.`;
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/**
 * Saved searches with new-match counts: what a search matches now, against what it matched when
 * the founder last saved or opened it (saved_search_seen). An investor is new when an import or a
 * change made it match since then.
 */
export function createSavedSearchesService(ctx: SavedSearchesServiceContext) {
  /** Ids matching a saved query, through the same filter schema and index as the database screens. */
  async function matches(kind: SavedSearchKind, query: SavedSearchQuery, userId: string): Promise<string[]> {
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

  async function run(userId: string, command: SavedSearchCommand, meta: CommandMeta) {
    const r = await handleCommand(ctx.store, savedSearchStream(userId), savedSearchesDecider, command, meta, {
      maxRetries: 20,
    });
    if (r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
    return r;
  }

  async function remember(searchId: string, ids: string[], at: Date, replace: boolean) {
    const q = ctx.db.insertInto('saved_search_seen').values({ search_id: searchId, ids, seen_at: at });
    // Opening makes everything seen: nothing is left to e-mail about.
    await (
      replace
        ? q.onConflict((oc) => oc.column('search_id').doUpdateSet({ ids, seen_at: at, notified: sql`'{}'::text[]` }))
        : q.onConflict((oc) => oc.column('search_id').doNothing())
    ).execute();
  }

  async function rows(userId: string, id?: string) {
    let q = ctx.db
      .selectFrom('saved_searches as s')
      .leftJoin('saved_search_seen as v', 'v.search_id', 's.id')
      .selectAll('s')
      .select('v.ids as seen')
      .where('s.user_id', '=', userId);
    if (id) q = q.where('s.id', '=', id);
    return q.orderBy('s.created_at').orderBy('s.id').execute();
  }

  async function evaluate(r: Record<string, any>): Promise<{ search: SavedSearch; ids: string[] }> {
    const query = (typeof r.query === 'string' ? JSON.parse(r.query) : r.query) as SavedSearchQuery;
    let ids: string[] = [];
    let newMatches = 0;
    try {
      ids = await matches(r.kind, query, r.user_id);
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

  async function row(userId: string, id: string) {
    const [r] = await rows(userId, id);
    if (!r) throw new DomainError(SAVED_SEARCH_NOT_FOUND, 404, 'not_found');
    return r;
  }

  const one = async (userId: string, id: string) => (await evaluate(await row(userId, id))).search;

  return {
    async list(userId: string): Promise<SavedSearch[]> {
      return Promise.all((await rows(userId)).map(async (r) => (await evaluate(r)).search));
    },

    /** Saves the query (checked as the list API checks it); everything it matches now counts as seen. */
    async create(userId: string, input: CreateSavedSearchRequest, meta: CommandMeta): Promise<SavedSearch> {
      const ids = await matches(input.kind, input.query, userId);
      const searchId = ctx.newId();
      // What is seen first: a crash after it leaves an unused row, never a search whose every match looks new.
      await remember(searchId, ids, meta.now, false);
      try {
        await run(userId, { type: 'CreateSavedSearch', data: { userId, searchId, ...input } }, meta);
      } catch (err) {
        await ctx.db.deleteFrom('saved_search_seen').where('search_id', '=', searchId).execute();
        throw err;
      }
      return one(userId, searchId);
    },

    async rename(userId: string, searchId: string, name: string, meta: CommandMeta): Promise<SavedSearch> {
      await run(userId, { type: 'RenameSavedSearch', data: { userId, searchId, name } }, meta);
      return one(userId, searchId);
    },

    /**
     * The founder opens it: answers its query and how many were new until now; what it matches now
     * becomes seen, so the list shows no new ones until the catalog changes again.
     */
    async open(userId: string, searchId: string, meta: CommandMeta): Promise<SavedSearch> {
      await run(userId, { type: 'OpenSavedSearch', data: { userId, searchId } }, meta);
      const { search, ids } = await evaluate(await row(userId, searchId));
      await remember(searchId, ids, meta.now, true);
      return search;
    },

    /**
     * The daily "new investors match your saved searches" e-mail: per founder, the searches with
     * matches that are new (not seen) and not e-mailed about yet; each match is mailed once. The
     * message id is founder × day, so a second run or worker the same day sends nothing twice.
     * Answers how many founders were written to.
     */
    async notifyNewMatches(now: Date): Promise<number> {
      const all = await ctx.db
        .selectFrom('saved_searches as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .leftJoin('saved_search_seen as v', 'v.search_id', 's.id')
        .selectAll('s')
        .select(['v.ids as seen', 'v.notified as notified', 'u.email as email'])
        .orderBy('s.user_id')
        .orderBy('s.created_at')
        .orderBy('s.id')
        .execute();
      const byUser = new Map<string, typeof all>();
      for (const r of all) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
      let mailed = 0;
      for (const [userId, rows] of byUser) {
        const fresh: { id: string; name: string; ids: string[] }[] = [];
        for (const r of rows) {
          const { search, ids } = await evaluate(r);
          const known = new Set<string>([...(r.seen ?? []), ...(r.notified ?? [])]);
          const novel = ids.filter((id) => !known.has(id));
          if (novel.length) fresh.push({ id: search.id, name: search.name, ids: novel });
        }
        if (!fresh.length) continue;
        const sent = await ctx.mail.send(
          'saved-search-matches',
          {
            to: rows[0]!.email,
            userId,
            messageId: `saved-search-matches-${userId}-${now.toISOString().slice(0, 10)}`,
            data: {
              searches: fresh.map((f) => ({ name: f.name, newMatches: f.ids.length })),
              url: `${ctx.config.publicUrl}/`,
            },
          },
          { now, actor: SAVED_SEARCH_MAIL_ACTOR },
        );
        // Recorded as told even when the founder unsubscribed: they are not owed a mail later.
        for (const f of fresh)
          await sql`update saved_search_seen set notified = notified || ${f.ids}::text[] where search_id = ${f.id}`.execute(
            ctx.db,
          );
        if (!sent.skipped) mailed++;
      }
      return mailed;
    },

    async remove(userId: string, searchId: string, meta: CommandMeta): Promise<void> {
      await run(userId, { type: 'DeleteSavedSearch', data: { userId, searchId } }, meta);
      await ctx.db.deleteFrom('saved_search_seen').where('search_id', '=', searchId).execute();
    },
  };
}
export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
