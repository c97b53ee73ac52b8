import {
  CREDIT_EVENT_TYPES,
  CREDIT_STREAM_PREFIX,
  MOVEMENT_KIND_OF,
  type LedgerLine,
  type MovementKind,
} from '@fp/contracts';
import type { EventStore, RecordedEvent } from '@fp/infra';
import { eventTime } from '@fp/infra';
import { sql } from 'kysely';
import type pg from 'pg';
import type { AppContext } from '../../platform/context';

const KIND: Record<string, MovementKind> = MOVEMENT_KIND_OF;
/** Sign each kind of movement must have: money in is positive, a spend negative. */
const SIGN: Record<MovementKind, 1 | -1> = {
  granted: 1,
  purchased: 1,
  refunded: 1,
  spent: -1,
  reversed: -1,
  settled: -1,
};
/** A reversal that met an empty balance takes nothing (what it could not take is owed). */
const MAY_BE_ZERO: ReadonlySet<MovementKind> = new Set(['reversed']);

type LedgerEvent = Pick<RecordedEvent, 'streamId' | 'streamPosition' | 'type' | 'data'>;

/**
 * An auditor's replay of one ledger, independent of the app's decider: the balance is the plain
 * sum of the signed amounts in stream order. Along the way it checks every event against the rules
 * of the ledger: positions without gaps, a known kind with the right sign, the recorded balance
 * equal to the sum so far, and a balance that never goes below zero.
 */
export class LedgerReplay {
  balance = 0;
  events = 0;
  problem: string | null = null;
  private readonly early = new Map<number, LedgerEvent>();

  constructor(readonly userId: string) {}

  add(e: LedgerEvent) {
    // Events normally come in stream order; one that arrives early waits for its turn.
    if (e.streamPosition !== this.events) {
      if (e.streamPosition > this.events) this.early.set(e.streamPosition, e);
      else this.flag(`event at position ${e.streamPosition} seen twice`);
      return;
    }
    this.apply(e);
    for (let next = this.early.get(this.events); next; next = this.early.get(this.events)) {
      this.early.delete(next.streamPosition);
      this.apply(next);
    }
  }

  /** Call after the last event: a position never filled is a gap. */
  finish(): this {
    if (this.early.size) this.flag(`gap: position ${this.events} is missing`);
    return this;
  }

  private apply(e: LedgerEvent) {
    this.events++;
    const kind = KIND[e.type];
    const d = e.data as { userId?: string; amount?: unknown; balanceAfter?: unknown };
    if (!kind) return this.flag(`position ${e.streamPosition}: unknown event type ${e.type}`);
    if (
      typeof d.amount !== 'number' ||
      !Number.isSafeInteger(d.amount) ||
      (d.amount === 0 ? !MAY_BE_ZERO.has(kind) : Math.sign(d.amount) !== SIGN[kind])
    ) {
      return this.flag(`position ${e.streamPosition}: ${kind} with amount ${String(d.amount)}`);
    }
    if (d.userId !== this.userId) this.flag(`position ${e.streamPosition}: belongs to user ${String(d.userId)}`);
    this.balance += d.amount;
    if (this.balance < 0) this.flag(`position ${e.streamPosition}: balance below zero (${this.balance})`);
    if (d.balanceAfter !== this.balance)
      this.flag(`position ${e.streamPosition}: recorded balance ${String(d.balanceAfter)}, replayed ${this.balance}`);
  }

  private flag(problem: string) {
    this.problem ??= problem;
  }
}

type AuditStatus = 'ok' | 'mismatch' | 'missing' | 'orphan' | 'invalid';

interface AuditRow {
  userId: string;
  /** Events replayed from the event store. */
  events: number;
  replayed: number;
  /** Balance in the read model (credit_accounts); null when it has no row. */
  readModel: number | null;
  readModelEvents: number | null;
  status: AuditStatus;
  problem: string | null;
  /**
   * Refunds owed to this user that the ledger has not taken yet (retried in the background): credits
   * pending, not lost, and not a problem of the ledger's balance.
   */
  pendingRefunds: number;
  pendingCredits: number;
}

export interface AuditReport {
  ok: boolean;
  streams: number;
  events: number;
  problems: number;
  /** Refunds recorded as pending (owed, being retried) across all ledgers, and their credits. */
  pendingRefunds: number;
  pendingCredits: number;
  ms: number;
  rows: AuditRow[];
}

const userOf = (streamId: string) => streamId.slice(CREDIT_STREAM_PREFIX.length);

async function replayStream(store: EventStore, streamId: string): Promise<LedgerReplay> {
  const replay = new LedgerReplay(userOf(streamId));
  for (const e of (await store.readStream(streamId)).events) replay.add(e);
  return replay.finish();
}

/** Events per query of the Postgres scan: enough to keep round trips few, small enough to keep memory flat. */
const CHUNK_EVENTS = 50_000;

/**
 * Every credit event, stream by stream in stream order, straight from the Postgres event store's
 * own tables: a few large ordered index scans that return only what a replay needs (the amounts are
 * picked out of the JSON by the server). Parsing whole event bodies would cost more than the replay.
 */
async function* scanPostgres(pool: pg.Pool, total: (n: number) => void): AsyncGenerator<LedgerEvent[]> {
  const streams = await pool.query<{ stream_id: string; n: number }>(
    `select stream_id, stream_position + 1 as n from es_streams where stream_id like $1 order by stream_id`,
    [`${CREDIT_STREAM_PREFIX.replace(/[%_\\]/g, '\\$&')}%`],
  );
  let chunk: string[] = [];
  let size = 0;
  // Only the fields a replay needs leave the server (each `data->'x'` arrives parsed by pg).
  const read = async (ids: string[]) => {
    const r = await pool.query({
      text: `select stream_id, stream_position, type, data->'userId', data->'amount', data->'balanceAfter'
             from es_events where stream_id = any($1::text[]) order by stream_id, stream_position`,
      values: [ids],
      rowMode: 'array',
    });
    return r.rows.map((row: unknown[]) => ({
      streamId: row[0] as string,
      streamPosition: Number(row[1]),
      type: row[2] as string,
      data: { userId: row[3], amount: row[4], balanceAfter: row[5] },
    }));
  };
  const chunks: string[][] = [];
  for (const s of streams.rows) {
    chunk.push(s.stream_id);
    size += Number(s.n);
    if (size >= CHUNK_EVENTS) {
      chunks.push(chunk);
      chunk = [];
      size = 0;
    }
  }
  if (chunk.length) chunks.push(chunk);
  total(streams.rows.reduce((n, s) => n + Number(s.n), 0));
  // The next chunk is read while this one is replayed.
  const inFlight: Promise<LedgerEvent[]>[] = [];
  for (const ids of chunks) {
    const next = read(ids);
    next.catch(() => undefined); // observed when its turn comes
    inFlight.push(next);
    if (inFlight.length > 1) yield await inFlight.shift()!;
  }
  while (inFlight.length) yield await inFlight.shift()!;
}

/** Any event store, through its port: the global log in one ordered scan, page by page. */
async function* scanPort(store: EventStore, pageSize: number): AsyncGenerator<LedgerEvent[]> {
  let after: string | null = null;
  for (;;) {
    const page: RecordedEvent[] = await store.readAll({ after, limit: pageSize, types: [...CREDIT_EVENT_TYPES] });
    if (!page.length) return;
    yield page.filter((e) => e.streamId.startsWith(CREDIT_STREAM_PREFIX));
    after = page[page.length - 1]!.checkpoint;
  }
}

/**
 * Replays every credit stream from the event store alone and compares each recomputed balance
 * with the read model. The events are read in a few ordered scans (not one round trip per stream
 * or per event); a stream that changed during the audit is read again on its own.
 */
export interface AuditProgress {
  /** Events replayed so far. */
  done: number;
  /** Events to replay, when the store can tell up front (the Postgres store); null otherwise. */
  total: number | null;
}

export async function auditLedger(
  ctx: Pick<AppContext, 'store' | 'db' | 'projections'> & { pool?: pg.Pool },
  opts: { pageSize?: number; onProgress?: (p: AuditProgress) => void | Promise<void> } = {},
): Promise<AuditReport> {
  const started = performance.now();
  const progress: AuditProgress = { done: 0, total: null };
  const replays = new Map<string, LedgerReplay>();
  for (const streamId of await ctx.store.listStreams(CREDIT_STREAM_PREFIX))
    replays.set(streamId, new LedgerReplay(userOf(streamId)));

  const scan =
    ctx.store.kind === 'postgres' && ctx.pool
      ? scanPostgres(ctx.pool, (n) => (progress.total = n))
      : scanPort(ctx.store, opts.pageSize ?? 20_000);
  for await (const events of scan) {
    for (const e of events) {
      let replay = replays.get(e.streamId);
      if (!replay) replays.set(e.streamId, (replay = new LedgerReplay(userOf(e.streamId))));
      replay.add(e);
    }
    progress.done += events.length;
    await opts.onProgress?.({ ...progress });
  }

  // Compare with the read model once it has applied everything the scan saw.
  await ctx.projections.waitFor(await ctx.store.head(), 120_000).catch(() => undefined);
  const accounts = new Map<string, { balance: number; events: number }>();
  for (const r of await ctx.db.selectFrom('credit_accounts').select(['user_id', 'balance', 'events']).execute())
    accounts.set(r.user_id, { balance: r.balance, events: Number(r.events) });

  const pending = await pendingByUser(ctx.db);
  const owedBack = (userId: string) => pending.get(userId) ?? { pendingRefunds: 0, pendingCredits: 0 };
  const rows: AuditRow[] = [];
  for (const [streamId, scanned] of replays) {
    let replay = scanned.finish();
    const account = accounts.get(replay.userId);
    accounts.delete(replay.userId);
    // Appended after the scan (the read model is ahead), or changing during it: read that stream alone.
    if ((account && account.events > replay.events) || replay.problem || replay.events === 0)
      replay = await replayStream(ctx.store, streamId);
    const status: AuditStatus = replay.problem
      ? 'invalid'
      : !account
        ? 'missing'
        : account.balance !== replay.balance || account.events !== replay.events
          ? 'mismatch'
          : 'ok';
    rows.push({
      userId: replay.userId,
      events: replay.events,
      replayed: replay.balance,
      readModel: account?.balance ?? null,
      readModelEvents: account?.events ?? null,
      status,
      problem:
        replay.problem ??
        (status === 'missing'
          ? 'no read-model row'
          : status === 'mismatch'
            ? `read model has ${account!.balance} after ${account!.events} events`
            : null),
      ...owedBack(replay.userId),
    });
  }
  for (const [userId, account] of accounts) {
    rows.push({
      userId,
      events: 0,
      replayed: 0,
      readModel: account.balance,
      readModelEvents: account.events,
      status: 'orphan',
      problem: 'read-model row without a ledger',
      ...owedBack(userId),
    });
  }
  rows.sort((a, b) => Number(a.status === 'ok') - Number(b.status === 'ok') || a.userId.localeCompare(b.userId));
  const problems = rows.filter((r) => r.status !== 'ok').length;
  return {
    ok: problems === 0,
    streams: replays.size,
    events: rows.reduce((n, r) => n + r.events, 0),
    problems,
    pendingRefunds: rows.reduce((n, r) => n + r.pendingRefunds, 0),
    pendingCredits: rows.reduce((n, r) => n + r.pendingCredits, 0),
    ms: Math.round(performance.now() - started),
    rows,
  };
}

/**
 * Pending refunds per user (the read model of their events), each worth what its reference was
 * charged and is still open on the ledger.
 */
async function pendingByUser(db: AppContext['db']) {
  const r = await sql<{ user_id: string; n: number; credits: number }>`
    select p.user_id, count(*)::int as n,
      coalesce(sum((select -m.amount from credit_movements m where m.user_id = p.user_id and m.reference = p.reference
        and m.kind = 'spent' order by m.stream_position desc limit 1)), 0)::int as credits
    from credit_pending_refunds p where p.status = 'pending' group by p.user_id`.execute(db);
  return new Map(r.rows.map((row) => [row.user_id, { pendingRefunds: row.n, pendingCredits: row.credits }]));
}

/** A user's movements in order from the event store, with the running balance. */
export async function ledgerHistory(store: EventStore, userId: string): Promise<LedgerLine[]> {
  const { events } = await store.readStream(`${CREDIT_STREAM_PREFIX}${userId}`);
  let balance = 0;
  return events.map((e) => {
    const d = e.data as {
      amount: number;
      balanceAfter: number;
      reason: string;
      reference: string | null;
      actor: string;
    };
    balance += d.amount;
    return {
      position: e.streamPosition,
      at: eventTime(e),
      kind: KIND[e.type] ?? e.type,
      amount: d.amount,
      balance,
      recordedBalance: d.balanceAfter,
      reason: d.reason,
      reference: d.reference,
      actor: d.actor,
    };
  });
}
