import { DECK_LINK_EVENT_TYPES, type DeckLinkEvent } from '@fp/contracts';
import { eventTime } from '@fp/infra';
import type { Projection } from '@fp/projections';
import { sql } from 'kysely';

const COLUMN = {
  requireEmail: 'require_email',
  allowDownload: 'allow_download',
  expiresAt: 'expires_at',
  passcodeHash: 'passcode_hash',
  watermark: 'watermark',
  enabled: 'enabled',
  email: 'email',
} as const;

/**
 * deck_links, deck_visits, deck_visit_pages from the deck-link-<linkId> streams. Visits older than
 * the retention (days) are not kept: a rebuild leaves them out, and the module's daily job deletes
 * the rows that age past it.
 */
export function deckLinksProjection(opts: { retentionDays: number; now?: () => Date }): Projection {
  const now = opts.now ?? (() => new Date());
  return {
    name: 'deck_links',
    eventTypes: [...DECK_LINK_EVENT_TYPES],
    tables: [
      'deck_links',
      'deck_visits',
      'deck_visit_pages',
      'deck_version_stats',
      'deck_version_readers',
      'deck_version_pages',
    ],
    async apply(tx, events) {
      const cutoff = now().getTime() - opts.retentionDays * 86_400_000;
      for (const e of events) {
        const ev = { type: e.type, data: e.data } as DeckLinkEvent;
        const when = eventTime(e);
        switch (ev.type) {
          case 'DeckLinkCreated': {
            const d = ev.data;
            const s = d.settings;
            await tx
              .insertInto('deck_links')
              .values({
                id: d.linkId,
                user_id: d.userId,
                token: d.token,
                investor_id: d.investorId,
                investor_kind: d.investorKind,
                email: d.email,
                require_email: s.requireEmail,
                allow_download: s.allowDownload,
                expires_at: s.expiresAt,
                passcode_hash: s.passcodeHash,
                watermark: s.watermark,
                enabled: s.enabled,
                source: d.source,
                submission_id: d.submissionId,
                created_at: when,
                updated_at: when,
              })
              .onConflict((oc) => oc.column('id').doNothing())
              .execute();
            break;
          }
          case 'DeckLinkSettingsChanged': {
            const set: Record<string, unknown> = { updated_at: when };
            for (const [k, v] of Object.entries(ev.data.changes)) set[COLUMN[k as keyof typeof COLUMN]] = v;
            await tx.updateTable('deck_links').set(set).where('id', '=', ev.data.linkId).execute();
            break;
          }
          case 'DeckVisitStarted': {
            const d = ev.data;
            if (Date.parse(d.at) < cutoff) break;
            const added = await tx
              .insertInto('deck_visits')
              .values({
                visit_id: d.visitId,
                link_id: d.linkId,
                user_id: d.userId,
                deck_id: d.deckId,
                email: d.email,
                started_at: d.at,
                last_at: d.at,
              })
              .onConflict((oc) => oc.column('visit_id').doNothing())
              .returning('visit_id')
              .executeTakeFirst();
            if (!added) break;
            // The version's figures, kept here so the deck page reads one row per page (docs/deck-links.md).
            await sql`insert into deck_version_stats (user_id, deck_id, visits, last_visit_at) values (${d.userId}, ${d.deckId}, 1, ${d.at})
              on conflict (user_id, deck_id) do update set visits = deck_version_stats.visits + 1, last_visit_at = greatest(deck_version_stats.last_visit_at, excluded.last_visit_at)`.execute(
              tx,
            );
            await tx
              .insertInto('deck_version_readers')
              .values({ user_id: d.userId, deck_id: d.deckId, link_id: d.linkId })
              .onConflict((oc) => oc.columns(['user_id', 'deck_id', 'link_id']).doNothing())
              .execute();
            break;
          }
          case 'DeckPagesRead': {
            const d = ev.data;
            const total = d.pages.reduce((s, p) => s + p.seconds, 0);
            // The furthest page this report shows: the visit's reach never goes back.
            const furthest = Math.max(d.lastPage, 0, ...d.pages.map((p) => p.page));
            const r = await sql<{ user_id: string; deck_id: string; before: number; reach: number }>`
              with old as (select visit_id, reach from deck_visits where visit_id = ${d.visitId} for update)
              update deck_visits v set last_at = ${d.at}, last_page = ${d.lastPage}, total_seconds = v.total_seconds + ${total},
                page_count = coalesce(${d.pageCount}::int, v.page_count), reach = greatest(v.reach, ${furthest}::int)
              from old where v.visit_id = old.visit_id
              returning v.user_id, v.deck_id, old.reach as before, v.reach`.execute(tx);
            const visit = r.rows[0];
            // No row: the visit is past the retention (or was purged); nothing to add to.
            if (!visit) break;
            if (d.pages.length) {
              // One statement per report for the visit's pages and the version's page seconds (not one per page).
              const pages = sql.join(d.pages.map((p) => sql`(${p.page}::int, ${p.seconds}::float8)`));
              await sql`insert into deck_visit_pages (visit_id, page, seconds) select ${d.visitId}, x.page, x.seconds from (values ${pages}) as x(page, seconds)
                on conflict (visit_id, page) do update set seconds = deck_visit_pages.seconds + excluded.seconds`.execute(
                tx,
              );
              await sql`insert into deck_version_pages (user_id, deck_id, page, seconds) select ${visit.user_id}, ${visit.deck_id}, x.page, x.seconds from (values ${pages}) as x(page, seconds)
                on conflict (user_id, deck_id, page) do update set seconds = deck_version_pages.seconds + excluded.seconds`.execute(
                tx,
              );
            }
            if (visit.reach > visit.before) {
              await sql`insert into deck_version_pages (user_id, deck_id, page, reached) select ${visit.user_id}, ${visit.deck_id}, g, 1 from generate_series(${visit.before + 1}::int, ${visit.reach}::int) g
                on conflict (user_id, deck_id, page) do update set reached = deck_version_pages.reached + 1`.execute(
                tx,
              );
            }
            if (d.pageCount) {
              await tx.updateTable('deck_links').set({ page_count: d.pageCount }).where('id', '=', d.linkId).execute();
              await sql`update deck_version_stats set page_count = greatest(coalesce(page_count, 0), ${d.pageCount}::int) where user_id = ${visit.user_id} and deck_id = ${visit.deck_id}`.execute(
                tx,
              );
            }
            break;
          }
          case 'DeckDownloaded':
            await tx
              .updateTable('deck_visits')
              .set({ downloaded: true })
              .where('visit_id', '=', ev.data.visitId)
              .execute();
            break;
        }
      }
    },
  };
}
