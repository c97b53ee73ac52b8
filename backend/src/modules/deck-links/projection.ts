import { DECK_LINK_EVENT_TYPES, type DeckLinkEvent } from '@fp/contracts';
import { eventTime } from '@fp/infra';
import type { Projection } from '@fp/projections';
import { sql } from 'kysely';

const COLUMN = { requireEmail: 'require_email', allowDownload: 'allow_download', expiresAt: 'expires_at', passcodeHash: 'passcode_hash', watermark: 'watermark', enabled: 'enabled', email: 'email' } as const;

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
    tables: ['deck_links', 'deck_visits', 'deck_visit_pages'],
    async apply(tx, events) {
      const cutoff = now().getTime() - opts.retentionDays * 86_400_000;
      for (const e of events) {
        const ev = { type: e.type, data: e.data } as DeckLinkEvent;
        const when = eventTime(e);
        switch (ev.type) {
          case 'DeckLinkCreated': {
            const d = ev.data;
            const s = d.settings;
            await tx.insertInto('deck_links')
              .values({
                id: d.linkId, user_id: d.userId, token: d.token, investor_id: d.investorId, investor_kind: d.investorKind, email: d.email,
                require_email: s.requireEmail, allow_download: s.allowDownload, expires_at: s.expiresAt, passcode_hash: s.passcodeHash, watermark: s.watermark, enabled: s.enabled,
                source: d.source, submission_id: d.submissionId, created_at: when, updated_at: when,
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
            await tx.insertInto('deck_visits')
              .values({ visit_id: d.visitId, link_id: d.linkId, user_id: d.userId, deck_id: d.deckId, email: d.email, started_at: d.at, last_at: d.at })
              .onConflict((oc) => oc.column('visit_id').doNothing())
              .execute();
            break;
          }
          case 'DeckPagesRead': {
            const d = ev.data;
            const total = d.pages.reduce((s, p) => s + p.seconds, 0);
            // No row: the visit is past the retention (or was purged); nothing to add to.
            const r = await tx.updateTable('deck_visits').set({ last_at: d.at, last_page: d.lastPage, total_seconds: sql`total_seconds + ${total}`, ...(d.pageCount ? { page_count: d.pageCount } : {}) }).where('visit_id', '=', d.visitId).executeTakeFirst();
            if (!Number(r.numUpdatedRows)) break;
            for (const p of d.pages) {
              await sql`insert into deck_visit_pages (visit_id, page, seconds) values (${d.visitId}, ${p.page}, ${p.seconds})
                on conflict (visit_id, page) do update set seconds = deck_visit_pages.seconds + excluded.seconds`.execute(tx);
            }
            if (d.pageCount) await tx.updateTable('deck_links').set({ page_count: d.pageCount }).where('id', '=', d.linkId).execute();
            break;
          }
          case 'DeckDownloaded':
            await tx.updateTable('deck_visits').set({ downloaded: true }).where('visit_id', '=', ev.data.visitId).execute();
            break;
        }
      }
    },
  };
}
