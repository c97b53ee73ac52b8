import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDedicatedClient } from '../db';
import {
  ConcurrencyError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadStreamResult,
  type RecordedEvent,
  type StreamAppend,
} from './types';

const CHANNEL = 'es_events';
/** A notification names at most this many types (its payload is limited); past it, it says any. */
const MAX_NOTIFIED_TYPES = 100;

/**
 * PostgreSQL event store.
 *
 * Global reading is transaction-safe: events are ordered by (writing transaction id, sequence) and a
 * reader takes only events whose transaction id is below the oldest transaction still running
 * (pg_snapshot_xmin). A sequence number alone is not safe: a transaction may draw a lower number and
 * commit after a higher one was read. Every event whose transaction can still commit has an id at or
 * above xmin, so it sorts after everything a reader has already taken: no event is ever skipped.
 * The checkpoint is therefore the pair "txid:sequence".
 */
export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  readonly atomicAppendMany = true;
  private readonly local = new Set<(types?: string[]) => void>();
  private notifying = false;
  /** Types appended since the last notification went out (null: too many to name; any may have). */
  private unsent: Set<string> | null = new Set();
  /** Names this store in its notifications: its own subscribers were woken directly already. */
  private readonly instance = randomUUID();

  constructor(private readonly pool: pg.Pool) {}

  /**
   * Wakes followers after a commit. NOTIFY inside the append would serialise every appending
   * transaction's commit (Postgres holds a global lock on the notification queue through commit),
   * defeating group commit. So subscribers in this process are woken directly, and other
   * processes get one coalesced pg_notify at a time, outside the append. Both carry the events' types,
   * so a follower wakes only what reads them (the projection runner has two dozen projections).
   */
  private announce(types: string[]) {
    const landed = [...new Set(types)];
    for (const wake of this.local) queueMicrotask(() => wake(landed));
    if (this.unsent) for (const t of landed) this.unsent.add(t);
    if (this.unsent && this.unsent.size > MAX_NOTIFIED_TYPES) this.unsent = null;
    if (this.notifying) return;
    this.notifying = true;
    const send = (): void => {
      const payload = `${this.instance}:${this.unsent ? [...this.unsent].join(',') : '*'}`;
      this.unsent = new Set();
      this.pool.query(`select pg_notify('${CHANNEL}', $1)`, [payload]).then(
        () => (this.unsent === null || this.unsent.size ? send() : (this.notifying = false)),
        () => (this.notifying = false),
      );
    };
    send();
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const n = events.length;
    // One statement, one round trip, one implicit transaction: the stream row is claimed with the
    // expected revision (the row lock serialises writers of one stream) and the events are inserted
    // only when the claim succeeded. Correctness of global reading does not depend on the order in
    // which the statement's parts draw transaction id and sequence numbers (see the class comment).
    const claim =
      expected === 'no_stream'
        ? `insert into es_streams(stream_id, stream_position) values ($1, $2 - 1) on conflict do nothing returning stream_position`
        : expected === 'any'
          ? `insert into es_streams(stream_id, stream_position) values ($1, $2 - 1)
             on conflict (stream_id) do update set stream_position = es_streams.stream_position + $2, updated_at = now()
             returning stream_position`
          : `update es_streams set stream_position = $7::bigint + $2, updated_at = now() where stream_id = $1 and stream_position = $7::bigint returning stream_position`;
    const params: unknown[] = [
      streamId,
      n,
      events.map((e) => e.eventId ?? randomUUID()),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data ?? null)),
      events.map((e) => JSON.stringify(e.metadata ?? {})),
    ];
    if (typeof expected === 'number') params.push(expected);
    let rows: any[];
    try {
      const r = await this.pool.query(
        `with claim as (${claim}),
         ins as (
           insert into es_events(stream_id, stream_position, event_id, type, data, metadata)
           select $1, claim.stream_position - $2 + t.ord, t.id, t.type, t.data, t.metadata
           from claim, unnest($3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) with ordinality as t(id, type, data, metadata, ord)
           order by t.ord
           returning global_position, transaction_id::text as tx, stream_id, stream_position, event_id, type, data, metadata, created_at
         )
         select ins.* from ins`,
        params,
      );
      rows = r.rows;
    } catch (err) {
      // Two writers creating the same stream at once: the loser may see a unique violation.
      if (
        (err as { code?: string }).code === '23505' &&
        String((err as Error).message).includes('stream_id_stream_position')
      ) {
        throw new ConcurrencyError(streamId, expected, await this.revisionOf(streamId));
      }
      throw err;
    }
    if (rows.length === 0) throw new ConcurrencyError(streamId, expected, await this.revisionOf(streamId));
    this.announce(events.map((e) => e.type));
    const recorded = rows.sort((a, b) => a.stream_position - b.stream_position).map(toRecorded);
    const last = recorded[recorded.length - 1]!;
    return { nextRevision: last.streamPosition, checkpoint: last.checkpoint, events: recorded };
  }

  /**
   * Many streams in one transaction and one statement: every stream row is claimed with its own
   * expected revision (new, any, or exact) and events are inserted only for claimed streams; when
   * fewer streams were claimed than asked, the transaction is rolled back and nothing is written.
   */
  async appendMany(appends: StreamAppend[]): Promise<AppendResult[]> {
    if (appends.length === 0) return [];
    if (appends.length === 1)
      return [await this.append(appends[0]!.streamId, appends[0]!.events, appends[0]!.expected)];
    const ids = appends.map((a) => a.streamId);
    if (new Set(ids).size !== ids.length) throw new Error('appendMany: each stream at most once per call');
    if (appends.some((a) => a.events.length === 0)) throw new Error('append needs at least one event');
    const evStream: string[] = [];
    const evOrd: number[] = [];
    const evId: string[] = [];
    const evType: string[] = [];
    const evData: string[] = [];
    const evMeta: string[] = [];
    for (const a of appends) {
      a.events.forEach((e, i) => {
        evStream.push(a.streamId);
        evOrd.push(i + 1);
        evId.push(e.eventId ?? randomUUID());
        evType.push(e.type);
        evData.push(JSON.stringify(e.data ?? null));
        evMeta.push(JSON.stringify(e.metadata ?? {}));
      });
    }
    // Expected revision as a number: -1 the stream must not exist, -2 any, n exactly n.
    const expected = appends.map((a) => (a.expected === 'no_stream' ? -1 : a.expected === 'any' ? -2 : a.expected));
    const client = await this.pool.connect();
    let rows: any[];
    try {
      await client.query('begin');
      const r = await client.query(
        `with req as (select * from unnest($1::text[], $2::bigint[], $3::int[]) as r(stream_id, expected, n)),
         c_new as (
           insert into es_streams(stream_id, stream_position) select stream_id, n - 1 from req where expected = -1
           on conflict do nothing returning stream_id, stream_position),
         c_any as (
           insert into es_streams(stream_id, stream_position) select stream_id, n - 1 from req where expected = -2
           on conflict (stream_id) do update set stream_position = es_streams.stream_position + excluded.stream_position + 1, updated_at = now()
           returning stream_id, stream_position),
         c_exact as (
           update es_streams s set stream_position = r.expected + r.n, updated_at = now()
           from req r where r.expected >= 0 and s.stream_id = r.stream_id and s.stream_position = r.expected
           returning s.stream_id, s.stream_position),
         claim as (select * from c_new union all select * from c_any union all select * from c_exact),
         ins as (
           insert into es_events(stream_id, stream_position, event_id, type, data, metadata)
           select e.stream_id, c.stream_position - r.n + e.ord, e.id, e.type, e.data, e.metadata
           from unnest($4::text[], $5::int[], $6::uuid[], $7::text[], $8::jsonb[], $9::jsonb[]) with ordinality as e(stream_id, ord, id, type, data, metadata, g)
           join claim c on c.stream_id = e.stream_id join req r on r.stream_id = e.stream_id
           order by e.g
           returning global_position, transaction_id::text as tx, stream_id, stream_position, event_id, type, data, metadata, created_at)
         select ins.* from ins`,
        [ids, expected, appends.map((a) => a.events.length), evStream, evOrd, evId, evType, evData, evMeta],
      );
      rows = r.rows;
      if (rows.length !== evId.length) {
        await client.query('rollback');
        const written = new Set(rows.map((row) => row.stream_id as string));
        const lost = appends.find((a) => !written.has(a.streamId))!;
        // On the connection already held: asking the pool for a second one while holding this one
        // wedged the server once every connection was held by a conflicting append.
        throw new ConcurrencyError(lost.streamId, lost.expected, await this.revisionOf(lost.streamId, client));
      }
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      const code = (err as { code?: string }).code;
      // A concurrent creator of one of the streams (unique violation) or a lock cycle with another
      // multi-stream append (deadlock): nothing was written; the caller decides again.
      if (code === '23505' || code === '40P01') {
        const first = appends[0]!;
        throw new ConcurrencyError(first.streamId, first.expected, await this.revisionOf(first.streamId, client));
      }
      throw err;
    } finally {
      client.release();
    }
    this.announce(appends.flatMap((a) => a.events.map((e) => e.type)));
    const byStream = new Map<string, RecordedEvent[]>();
    for (const rec of rows.map(toRecorded).sort((a, b) => a.streamPosition - b.streamPosition)) {
      const list = byStream.get(rec.streamId) ?? [];
      list.push(rec);
      byStream.set(rec.streamId, list);
    }
    return appends.map((a) => {
      const recorded = byStream.get(a.streamId)!;
      const last = recorded[recorded.length - 1]!;
      return { nextRevision: last.streamPosition, checkpoint: last.checkpoint, events: recorded };
    });
  }

  private async revisionOf(streamId: string, on: Pick<pg.Pool, 'query'> = this.pool): Promise<number> {
    const r = await on.query('select stream_position from es_streams where stream_id = $1', [streamId]);
    return r.rows[0]?.stream_position ?? -1;
  }

  async readStream(streamId: string): Promise<ReadStreamResult> {
    const r = await this.pool.query(
      `select global_position, transaction_id::text as tx, stream_id, stream_position, event_id, type, data, metadata, created_at
       from es_events where stream_id = $1 order by stream_position`,
      [streamId],
    );
    const events = r.rows.map(toRecorded);
    return { events, revision: events.length ? events[events.length - 1]!.streamPosition : -1 };
  }

  /** One query for all the streams (a 1,000-firm submit reads 1,000 small streams). */
  async readStreams(streamIds: string[]): Promise<Map<string, ReadStreamResult>> {
    const out = new Map<string, ReadStreamResult>(streamIds.map((id) => [id, { events: [], revision: -1 }]));
    if (streamIds.length === 0) return out;
    const r = await this.pool.query(
      `select global_position, transaction_id::text as tx, stream_id, stream_position, event_id, type, data, metadata, created_at
       from es_events where stream_id = any($1::text[]) order by stream_id, stream_position`,
      [[...new Set(streamIds)]],
    );
    for (const row of r.rows) {
      const rec = toRecorded(row);
      const s = out.get(rec.streamId)!;
      s.events.push(rec);
      s.revision = rec.streamPosition;
    }
    return out;
  }

  async readAll({
    after,
    limit,
    types,
  }: {
    after: string | null;
    limit: number;
    types?: string[];
  }): Promise<RecordedEvent[]> {
    const [tx, seq] = parseCheckpoint(after);
    const cols =
      'global_position, transaction_id::text as tx, stream_id, stream_position, event_id, type, data, metadata, created_at';
    const visible = `(transaction_id, global_position) > ($1::xid8, $2::bigint) and transaction_id < pg_snapshot_xmin(pg_current_snapshot())`;
    let text: string;
    const params: unknown[] = [tx, seq, limit];
    if (types && types.length) {
      // One ordered index scan per type (index on type, transaction_id, global_position), merged:
      // `type = any(...)` would sort every matching row on every page.
      const parts = types.map((t, i) => {
        params.push(t);
        return `(select ${cols}, transaction_id as o1 from es_events where type = $${i + 4} and ${visible} order by transaction_id, global_position limit $3)`;
      });
      text = `select * from (${parts.join(' union all ')}) u order by o1, global_position limit $3`;
    } else {
      text = `select ${cols} from es_events where ${visible} order by transaction_id, global_position limit $3`;
    }
    const r = await this.pool.query(text, params);
    return r.rows.map(toRecorded);
  }

  async head(): Promise<string | null> {
    // The newest committed event, whether or not readers may take it yet: waiting for projections
    // to reach it means waiting for everything committed before the call. (xmin is cluster-wide, so
    // a long transaction in any database can hold readers back; the head must not hide behind it.)
    const r = await this.pool.query(
      `select global_position, transaction_id::text as tx from es_events order by transaction_id desc, global_position desc limit 1`,
    );
    return r.rows[0] ? `${r.rows[0].tx}:${r.rows[0].global_position}` : null;
  }

  async heldBack(): Promise<boolean> {
    // readAll's own horizon: an event at or past the oldest transaction in flight is not readable yet.
    const r = await this.pool.query(
      `select exists(select 1 from es_events where transaction_id >= pg_snapshot_xmin(pg_current_snapshot())) as held`,
    );
    return r.rows[0].held;
  }

  async countAfter(after: string | null, types?: string[]): Promise<number> {
    // Committed events, visible to readers yet or not: they are all still to be applied.
    const [tx, seq] = parseCheckpoint(after);
    const r = await this.pool.query(
      `select count(*)::bigint as n from es_events where (transaction_id, global_position) > ($1::xid8, $2::bigint)
       ${types?.length ? 'and type = any($3::text[])' : ''}`,
      types?.length ? [tx, seq, types] : [tx, seq],
    );
    return r.rows[0].n;
  }

  compare(a: string | null, b: string | null): number {
    const [at, as] = parseCheckpoint(a);
    const [bt, bs] = parseCheckpoint(b);
    const dt = BigInt(at) - BigInt(bt);
    if (dt !== 0n) return dt < 0n ? -1 : 1;
    return as - bs;
  }

  async subscribe(wake: (types?: string[]) => void): Promise<() => Promise<void>> {
    this.local.add(wake);
    // A connection of its own: a listener held from the pool would shrink it for good.
    const client = await openDedicatedClient(this.pool, 'fundflow event listener');
    client.on('notification', (n) => {
      const [from, types] = (n.payload ?? '').split(/:(.*)/s);
      // Its own appends woke it already; another store's name their types (or '*': too many to list).
      if (from === this.instance) return;
      wake(types && types !== '*' ? types.split(',') : undefined);
    });
    await client.query(`listen ${CHANNEL}`);
    return async () => {
      this.local.delete(wake);
      await client.end().catch(() => undefined);
    };
  }

  async listStreams(prefix: string): Promise<string[]> {
    const r = await this.pool.query(
      `select stream_id from es_streams where stream_id like $1 || '%' order by stream_id`,
      [prefix.replace(/[%_\\]/g, (c) => `\\${c}`)],
    );
    return r.rows.map((row) => row.stream_id as string);
  }

  async ping(): Promise<boolean> {
    try {
      await this.pool.query('select 1 from es_streams limit 1');
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    // The pool belongs to the composition root.
  }
}

function parseCheckpoint(cp: string | null): [string, number] {
  if (!cp) return ['0', 0];
  const i = cp.indexOf(':');
  return [cp.slice(0, i), Number(cp.slice(i + 1))];
}

function toRecorded(row: any): RecordedEvent {
  return {
    eventId: row.event_id,
    streamId: row.stream_id,
    streamPosition: Number(row.stream_position),
    checkpoint: `${row.tx}:${row.global_position}`,
    sequence: Number(row.global_position),
    type: row.type,
    data: row.data,
    metadata: row.metadata ?? {},
    createdAt: row.created_at instanceof Date ? row.created_at.toISOString() : String(row.created_at),
  };
}
