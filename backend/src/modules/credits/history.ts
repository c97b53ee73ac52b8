import {
  MAX_BALANCE_POINTS,
  type BalancePoint,
  type CreditHistoryResponse,
  type CreditMovement,
  type HistorySort,
} from '@fp/contracts';
import type { Db } from '@fp/infra';
import { sql } from 'kysely';

const COLUMN: Record<HistorySort, string> = {
  occurredAt: 'stream_position',
  amount: 'amount',
  balanceAfter: 'balance_after',
  kind: 'kind',
};

/**
 * Older refunds end in a raw attempt id ("… stopped before it was sent (attempt
 * f115e4e2-75de-…)"): the ledger keeps what was written, the founder reads it without the id.
 */
export const readableReason = (reason: string) => reason.replace(/ \(attempt [0-9a-f]{8}-[0-9a-f-]{27,}\)$/i, '');

const toMovement = (r: any): CreditMovement => ({
  id: r.event_id,
  position: Number(r.stream_position),
  kind: r.kind,
  amount: r.amount,
  balanceAfter: r.balance_after,
  reason: readableReason(r.reason),
  reference: r.reference,
  occurredAt: new Date(r.occurred_at).toISOString(),
});

/** One page of a user's movements from the read model; ties are broken by ledger order. */
export async function creditHistory(
  db: Db,
  userId: string,
  q: { page: number; limit: number; sort: HistorySort; order: 'asc' | 'desc' },
): Promise<CreditHistoryResponse> {
  const column = COLUMN[q.sort];
  const [rows, count] = await Promise.all([
    db
      .selectFrom('credit_movements')
      .select(['event_id', 'stream_position', 'kind', 'amount', 'balance_after', 'reason', 'reference', 'occurred_at'])
      .where('user_id', '=', userId)
      .orderBy(sql.ref(column), q.order)
      .orderBy('stream_position', q.order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    db
      .selectFrom('credit_movements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    movements: rows.map(toMovement),
    total: Number(count.n),
    page: q.page,
    limit: q.limit,
    sort: q.sort,
    order: q.order,
  };
}

/** The balance over time, oldest first, thinned to at most MAX_BALANCE_POINTS (the newest always kept). */
export async function balanceHistory(db: Db, userId: string, max = MAX_BALANCE_POINTS): Promise<BalancePoint[]> {
  const count = await db
    .selectFrom('credit_movements')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const n = Number(count.n);
  if (n === 0) return [];
  const step = Math.ceil(n / max);
  const rows = await db
    .selectFrom('credit_movements')
    .select(['stream_position', 'balance_after', 'occurred_at'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb(sql`(${n - 1} - stream_position) % ${step}`, '=', 0), eb('stream_position', '=', n - 1)]))
    .orderBy('stream_position')
    .execute();
  return rows.map((r: any) => ({
    position: Number(r.stream_position),
    at: new Date(r.occurred_at).toISOString(),
    balance: r.balance_after,
  }));
}
