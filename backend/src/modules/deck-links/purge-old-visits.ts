import { sql } from 'kysely';
import type { DeckLinksServiceContext } from './context';

/**
 * Retention: visits that started more than `retentionDays` ago leave the read models (e-mail, page
 * times), once a day. Answers how many visits were removed.
 */
export async function purgeOldVisits(ctx: Pick<DeckLinksServiceContext, 'db' | 'retentionDays'>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ctx.retentionDays * 86_400_000);
  const r = await sql<{ n: number }>`
    with gone as (delete from deck_visits where started_at < ${cutoff} returning visit_id),
    pages as (delete from deck_visit_pages p using gone where p.visit_id = gone.visit_id)
    select count(*)::int as n from gone`.execute(ctx.db);
  return r.rows[0]?.n ?? 0;
}
