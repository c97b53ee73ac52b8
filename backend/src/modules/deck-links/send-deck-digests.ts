import type { TemplateData } from '../mail/index';
import { sql } from 'kysely';
import type { DeckLinksServiceContext } from './context';

/** Founders read per page of the digest run, and reader lines per e-mail. */
const FOUNDERS_PER_PAGE = 200;
const READER_LINES = 20;
/** Visits summarised per founder and day (a day past this is summed from the count alone). */
const VISITS_READ = 2_000;
const DIGEST_ACTOR = 'deck-links:digest';

type Reader = TemplateData<'deck-daily-digest'>['readers'][number];

/**
 * The daily digest: each founder who chose it (and keeps alert e-mails on) gets one e-mail about the
 * previous UTC day's visits, none on a day without any. The message id is founder × day, so a second
 * run or a second worker that day queues nothing more. Founders are read in pages, visits per founder
 * up to a bound. Answers how many digests were queued.
 */
export async function sendDeckDigests(
  ctx: Pick<DeckLinksServiceContext, 'db' | 'mail' | 'config' | 'clock'>,
  now: Date,
): Promise<number> {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1));
  const dayEnd = new Date(dayStart.getTime() + 86_400_000);
  const day = dayStart.toISOString().slice(0, 10);
  let after = '';
  let queued = 0;
  for (;;) {
    const founders = await ctx.db
      .selectFrom('deck_alert_settings as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.user_id', 'u.email'])
      .where('s.mode', '=', 'daily_digest')
      .where('s.first_visit_email', '=', true)
      .where('s.user_id', '>', after)
      .orderBy('s.user_id')
      .limit(FOUNDERS_PER_PAGE)
      .execute();
    for (const f of founders) if (await digestOne(ctx, f.user_id, f.email, day, dayStart, dayEnd, now)) queued++;
    if (founders.length < FOUNDERS_PER_PAGE) return queued;
    after = founders[founders.length - 1]!.user_id;
  }
}

async function digestOne(
  ctx: Pick<DeckLinksServiceContext, 'db' | 'mail' | 'config'>,
  userId: string,
  to: string,
  day: string,
  from: Date,
  to_: Date,
  now: Date,
): Promise<boolean> {
  const { rows } = await sql<{
    key: string;
    who: string | null;
    email: string | null;
    verified: boolean;
    seconds: number;
  }>`
    select coalesce(lower(v.email), lower(l.email), 'link:' || l.id) as key, coalesce(l.name, c.name) as who,
      coalesce(v.email, l.email) as email, v.verified, v.total_seconds as seconds
    from deck_visits v
    join deck_links l on l.id = v.link_id
    left join pipeline_cards c on c.user_id = v.user_id and c.investor_id = l.investor_id
    where v.user_id = ${userId} and v.started_at >= ${from} and v.started_at < ${to_}
    order by v.started_at
    limit ${VISITS_READ}`.execute(ctx.db);
  if (!rows.length) return false;
  const total = await ctx.db
    .selectFrom('deck_visits')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('started_at', '>=', from)
    .where('started_at', '<', to_)
    .executeTakeFirst();
  const readers = new Map<string, Reader>();
  for (const r of rows) {
    const label = r.who && r.email ? `${r.who} (${r.email})` : (r.who ?? r.email ?? 'Someone with your link');
    const reader = readers.get(r.key) ?? { who: label, visits: 0, verified: false, seconds: 0 };
    reader.visits += 1;
    reader.verified ||= r.verified;
    reader.seconds += Number(r.seconds);
    readers.set(r.key, reader);
  }
  const sorted = [...readers.values()].sort((a, b) => b.visits - a.visits || b.seconds - a.seconds);
  const appUrl = ctx.config.publicUrl;
  const sent = await ctx.mail.send(
    'deck-daily-digest',
    {
      to,
      userId,
      messageId: `deck-digest-${userId}-${day}`,
      data: {
        day,
        visits: Number(total?.n ?? rows.length),
        readers: sorted.slice(0, READER_LINES),
        more: Math.max(0, sorted.length - READER_LINES),
        url: `${appUrl}/deck`,
        settingsUrl: `${appUrl}/settings`,
      },
    },
    { now, actor: DIGEST_ACTOR },
  );
  return !sent.skipped && sent.checkpoint !== null;
}
