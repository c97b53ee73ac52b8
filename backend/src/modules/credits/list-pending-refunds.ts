import { iso, type OpsPendingRefund } from '@fp/contracts';
import { sql } from 'kysely';
import type { CreditsServiceContext } from './context';

export type PendingRefundRow = Omit<OpsPendingRefund, 'user'> & { userId: string };

const LANDED_SHOWN = 20;
const LANDED_DAYS = 7;

/**
 * Refunds the ledger has not taken yet (oldest first, all of them: each is a debt to a founder), and
 * those that landed in the last week; with what each gives back (the charge still open under its
 * reference, null when there is none).
 */
export async function listPendingRefunds(
  ctx: Pick<CreditsServiceContext, 'db'>,
  now: Date,
  only?: { userId: string; reference: string },
): Promise<{ pending: PendingRefundRow[]; recentlyLanded: PendingRefundRow[] }> {
  let q = ctx.db
    .selectFrom('credit_pending_refunds as p')
    .select([
      'p.user_id',
      'p.reference',
      'p.reason',
      'p.status',
      'p.attempts',
      'p.last_error',
      'p.next_attempt_at',
      'p.created_at',
      'p.landed_at',
      sql<
        number | null
      >`(select -m.amount from credit_movements m where m.user_id = p.user_id and m.reference = p.reference
        and m.kind = 'spent' order by m.stream_position desc limit 1)`.as('credits'),
    ])
    .where((eb) =>
      eb.or([
        eb('p.status', '=', 'pending'),
        eb('p.landed_at', '>=', new Date(now.getTime() - LANDED_DAYS * 86_400_000)),
      ]),
    );
  if (only) q = q.where('p.user_id', '=', only.userId).where('p.reference', '=', only.reference);
  const rows = await q.orderBy('p.created_at').execute();
  const toRow = (r: Record<string, any>): PendingRefundRow => ({
    userId: r.user_id,
    reference: r.reference,
    reason: r.reason,
    credits: r.credits === null ? null : Number(r.credits),
    status: r.status,
    attempts: r.attempts,
    lastError: r.last_error,
    nextAttemptAt: iso(r.next_attempt_at),
    createdAt: iso(r.created_at)!,
    landedAt: iso(r.landed_at),
  });
  const all = rows.map(toRow);
  return {
    pending: all.filter((r) => r.status === 'pending'),
    recentlyLanded: all
      .filter((r) => r.status === 'landed')
      .sort((a, b) => (b.landedAt ?? '').localeCompare(a.landedAt ?? ''))
      .slice(0, LANDED_SHOWN),
  };
}
