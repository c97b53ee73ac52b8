import { DECK_LINK_EVENT_TYPES, type DeckLinkEvent, type DeckPagesRead, type DeckVisitStarted } from '@fp/contracts';
import { eventTime, type Tx } from '@fp/infra';
import type { Projection } from '@fp/projections';
import { sql } from 'kysely';

const COLUMN = {
  requireEmail: 'require_email',
  allowDownload: 'allow_download',
  expiresAt: 'expires_at',
  passcodeHash: 'passcode_hash',
  watermark: 'watermark',
  enabled: 'enabled',
  verifyEmail: 'verify_email',
  email: 'email',
  name: 'name',
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
      'deck_link_pages',
      'deck_visits',
      'deck_visit_pages',
      'deck_version_stats',
      'deck_version_readers',
      'deck_version_pages',
    ],
    async apply(tx, events) {
      const cutoff = now().getTime() - opts.retentionDays * 86_400_000;
      // Links first, in log order (a visit's events always come after its link's creation, and
      // settings never touch the visit figures), then every visit event of the batch folded into a
      // few set-based statements: a catch-up of thousands of reports costs a handful of round trips.
      const visits = new VisitBatch();
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
                name: d.name ?? null,
                require_email: s.requireEmail,
                allow_download: s.allowDownload,
                expires_at: s.expiresAt,
                passcode_hash: s.passcodeHash,
                watermark: s.watermark,
                enabled: s.enabled,
                verify_email: s.verifyEmail ?? false,
                source: d.source,
                submission_id: d.submissionId,
                room_id: d.roomId ?? null,
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
          case 'DeckLinkDeleted':
            // Off for good and out of the founder's list; its visits and figures stay.
            await tx
              .updateTable('deck_links')
              .set({ enabled: false, deleted_at: ev.data.at, updated_at: when })
              .where('id', '=', ev.data.linkId)
              .execute();
            break;
          case 'DeckVisitStarted':
            if (Date.parse(ev.data.at) >= cutoff) visits.start(ev.data);
            break;
          case 'DeckPagesRead':
            visits.read(ev.data);
            break;
          case 'DeckDownloaded':
            visits.downloaded.add(ev.data.visitId);
            break;
          case 'DeckRoomEntered':
            // The room's read model (deck_rooms projection, room-projection.ts) keeps entries.
            break;
        }
      }
      await visits.flush(tx);
    },
  };
}

const json = (rows: unknown[]) => JSON.stringify(rows);

/** One batch's visit events, folded per visit in log order and written set-based by `flush`. */
class VisitBatch {
  private readonly starts: DeckVisitStarted['data'][] = [];
  private readonly reports = new Map<
    string,
    {
      at: string;
      lastPage: number;
      pageCount: number | null;
      total: number;
      furthest: number;
      pages: Map<number, number>;
    }
  >();
  /** The last page count a viewer reported per link (the link shows the latest). */
  private readonly linkPageCount = new Map<string, number>();
  readonly downloaded = new Set<string>();

  start(d: DeckVisitStarted['data']) {
    this.starts.push(d);
  }

  read(d: DeckPagesRead['data']) {
    const r = this.reports.get(d.visitId) ?? {
      at: d.at,
      lastPage: d.lastPage,
      pageCount: null,
      total: 0,
      furthest: 0,
      pages: new Map<number, number>(),
    };
    r.at = d.at;
    r.lastPage = d.lastPage;
    if (d.pageCount) r.pageCount = d.pageCount;
    // The furthest page a report shows: the visit's reach never goes back.
    r.furthest = Math.max(r.furthest, d.lastPage, ...d.pages.map((p) => p.page));
    for (const p of d.pages) {
      r.total += p.seconds;
      r.pages.set(p.page, (r.pages.get(p.page) ?? 0) + p.seconds);
    }
    this.reports.set(d.visitId, r);
    if (d.pageCount) this.linkPageCount.set(d.linkId, d.pageCount);
  }

  async flush(tx: Tx) {
    if (this.starts.length) await this.flushStarts(tx);
    if (this.reports.size) await this.flushReports(tx);
    if (this.downloaded.size)
      await tx
        .updateTable('deck_visits')
        .set({ downloaded: true })
        .where('visit_id', 'in', [...this.downloaded])
        .execute();
  }

  private async flushStarts(tx: Tx) {
    const added = await sql<{ user_id: string; deck_id: string; link_id: string; started_at: Date }>`
      insert into deck_visits (visit_id, link_id, user_id, deck_id, email, device, verified, started_at, last_at)
      select s."visitId", s."linkId", s."userId", s."deckId", s.email, s.device, coalesce(s.verified, false), s.at, s.at
      from jsonb_to_recordset(${json(this.starts)}::jsonb) as s("visitId" text, "linkId" text, "userId" text, "deckId" text, email text, device text, verified boolean, at timestamptz)
      on conflict (visit_id) do nothing
      returning user_id, deck_id, link_id, started_at`.execute(tx);
    if (!added.rows.length) return;
    // The version's figures, kept here so the deck page reads one row per page (docs/deck-links.md);
    // only visits new to the read model count (a replayed start adds nothing).
    const rows = json(added.rows);
    await sql`insert into deck_version_stats (user_id, deck_id, visits, last_visit_at)
      select user_id, deck_id, count(*), max(started_at) from jsonb_to_recordset(${rows}::jsonb) as a(user_id text, deck_id text, started_at timestamptz) group by 1, 2
      on conflict (user_id, deck_id) do update set visits = deck_version_stats.visits + excluded.visits,
        last_visit_at = greatest(deck_version_stats.last_visit_at, excluded.last_visit_at)`.execute(tx);
    await sql`insert into deck_version_readers (user_id, deck_id, link_id)
      select distinct user_id, deck_id, link_id from jsonb_to_recordset(${rows}::jsonb) as a(user_id text, deck_id text, link_id text)
      on conflict do nothing`.execute(tx);
    // The link's own figures, so the link list reads its row (migration 985).
    await sql`update deck_links l set visits = l.visits + a.n, last_visit_at = greatest(l.last_visit_at, a.last)
      from (select link_id, count(*)::int as n, max(started_at) as last
            from jsonb_to_recordset(${rows}::jsonb) as a(link_id text, started_at timestamptz) group by 1) a
      where l.id = a.link_id`.execute(tx);
  }

  private async flushReports(tx: Tx) {
    const input = [...this.reports].map(([visitId, r]) => ({
      visitId,
      at: r.at,
      lastPage: r.lastPage,
      pageCount: r.pageCount,
      total: r.total,
      furthest: r.furthest,
    }));
    // The visits (locked, as each report's reach is read before it grows); a visit past the retention
    // or purged has no row and adds nothing.
    const updated = await sql<{
      visit_id: string;
      link_id: string;
      user_id: string;
      deck_id: string;
      before: number;
      reach: number;
    }>`
      with r as (select * from jsonb_to_recordset(${json(input)}::jsonb)
          as r("visitId" text, at timestamptz, "lastPage" int, "pageCount" int, total float8, furthest int)),
        old as (select v.visit_id, v.reach from deck_visits v join r on r."visitId" = v.visit_id for update of v)
      update deck_visits v set last_at = r.at, last_page = r."lastPage", total_seconds = v.total_seconds + r.total,
        page_count = coalesce(r."pageCount", v.page_count), reach = greatest(v.reach, r.furthest)
      from r, old where v.visit_id = r."visitId" and old.visit_id = v.visit_id
      returning v.visit_id, v.link_id, v.user_id, v.deck_id, old.reach as before, v.reach`.execute(tx);
    if (!updated.rows.length) return;
    const visitPages: { visit_id: string; page: number; seconds: number }[] = [];
    // Per version and page: seconds over all visits, and visits whose reach grew past the page.
    const versionPages = new Map<
      string,
      { user_id: string; deck_id: string; page: number; seconds: number; reached: number }
    >();
    const versionPage = (user_id: string, deck_id: string, page: number) => {
      const key = `${user_id}\u0000${deck_id}\u0000${page}`;
      let row = versionPages.get(key);
      if (!row) versionPages.set(key, (row = { user_id, deck_id, page, seconds: 0, reached: 0 }));
      return row;
    };
    const versionCount = new Map<string, { user_id: string; deck_id: string; page_count: number }>();
    const linkSeconds = new Map<string, number>();
    for (const v of updated.rows) {
      const r = this.reports.get(v.visit_id)!;
      linkSeconds.set(v.link_id, (linkSeconds.get(v.link_id) ?? 0) + r.total);
      for (const [page, seconds] of r.pages) {
        visitPages.push({ visit_id: v.visit_id, page, seconds });
        versionPage(v.user_id, v.deck_id, page).seconds += seconds;
      }
      for (let page = v.before + 1; page <= v.reach; page++) versionPage(v.user_id, v.deck_id, page).reached += 1;
      if (r.pageCount) {
        const key = `${v.user_id}\u0000${v.deck_id}`;
        const c = versionCount.get(key);
        if (!c || c.page_count < r.pageCount)
          versionCount.set(key, { user_id: v.user_id, deck_id: v.deck_id, page_count: r.pageCount });
      }
    }
    // A visit's page that reaches 1 s counts as viewed for its link.
    if (visitPages.length)
      await sql`with up as (
          insert into deck_visit_pages (visit_id, page, seconds)
          select visit_id, page, seconds from jsonb_to_recordset(${json(visitPages)}::jsonb) as x(visit_id text, page int, seconds float8)
          on conflict (visit_id, page) do update set seconds = deck_visit_pages.seconds + excluded.seconds
          returning visit_id, page, seconds)
        insert into deck_link_pages (link_id, page)
        select distinct x.link_id, up.page from up join jsonb_to_recordset(${json(updated.rows)}::jsonb) as x(visit_id text, link_id text) on x.visit_id = up.visit_id
        where up.seconds >= 1
        on conflict do nothing`.execute(tx);
    await sql`update deck_links l set total_seconds = l.total_seconds + x.total
      from jsonb_to_recordset(${json([...linkSeconds].map(([id, total]) => ({ id, total })))}::jsonb) as x(id text, total float8)
      where l.id = x.id`.execute(tx);
    if (versionPages.size)
      await sql`insert into deck_version_pages (user_id, deck_id, page, seconds, reached)
        select user_id, deck_id, page, seconds, reached from jsonb_to_recordset(${json([...versionPages.values()])}::jsonb)
          as x(user_id text, deck_id text, page int, seconds float8, reached int)
        on conflict (user_id, deck_id, page) do update set seconds = deck_version_pages.seconds + excluded.seconds,
          reached = deck_version_pages.reached + excluded.reached`.execute(tx);
    if (versionCount.size)
      await sql`update deck_version_stats s set page_count = greatest(coalesce(s.page_count, 0), x.page_count)
        from jsonb_to_recordset(${json([...versionCount.values()])}::jsonb) as x(user_id text, deck_id text, page_count int)
        where s.user_id = x.user_id and s.deck_id = x.deck_id`.execute(tx);
    if (this.linkPageCount.size)
      await sql`update deck_links l set page_count = x.page_count
        from jsonb_to_recordset(${json([...this.linkPageCount].map(([id, page_count]) => ({ id, page_count })))}::jsonb) as x(id text, page_count int)
        where l.id = x.id`.execute(tx);
  }
}
