import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { ConcurrencyError, type AppendResult, type EventStore, type ExpectedRevision, type NewEvent, type ReadStreamResult, type RecordedEvent } from './types';

const CHANNEL = 'es_events';

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
  private readonly local = new Set<() => void>();
  private notifying = false;
  private notifyAgain = false;

  constructor(private readonly pool: pg.Pool) {}

  /**
   * Wakes followers after a commit. NOTIFY inside the append would serialise every appending
   * transaction's commit (Postgres holds a global lock on the notification queue through commit),
   * defeating group commit. So subscribers in this process are woken directly, and other
   * processes get one coalesced pg_notify at a time, outside the append.
   */
  private announce() {
    for (const wake of this.local) queueMicrotask(wake);
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    this.notifying = true;
    const send = (): void => {
      this.notifyAgain = false;
      this.pool.query(`select pg_notify('${CHANNEL}', '')`).then(
        () => (this.notifyAgain ? send() : (this.notifying = false)),
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
      if ((err as { code?: string }).code === '23505' && String((err as Error).message).includes('stream_id_stream_position')) {
        throw new ConcurrencyError(streamId, expected, await this.revisionOf(streamId));
      }
      throw err;
    }
    if (rows.length === 0) throw new ConcurrencyError(streamId, expected, await this.revisionOf(streamId));
    this.announce();
    const recorded = rows.sort((a, b) => a.stream_position - b.stream_position).map(toRecorded);
    const last = recorded[recorded.length - 1]!;
    return { nextRevision: last.streamPosition, checkpoint: last.checkpoint, events: recorded };
  }

  private async revisionOf(streamId: string): Promise<number> {
    const r = await this.pool.query('select stream_position from es_streams where stream_id = $1', [streamId]);
    return r.rows[0]?.stream_position ?? -1;
  }

  async readStream(streamId: string): Promise<ReadStreamResult> {
    const r = await this.pool.query(
      `select global_position, transaction_id::text as tx, stream_id, stream_position, event_id, type, data, metadata, created_at
       from es_events where stream_id = $1 order by stream_position`, [streamId]);
    const events = r.rows.map(toRecorded);
    return { events, revision: events.length ? events[events.length - 1]!.streamPosition : -1 };
  }

  async readAll({ after, limit, types }: { after: string | null; limit: number; types?: string[] }): Promise<RecordedEvent[]> {
    const [tx, seq] = parseCheckpoint(after);
    const cols = 'global_position, transaction_id::text as tx, stream_id, stream_position, event_id, type, data, metadata, created_at';
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
    const r = await this.pool.query(`select global_position, transaction_id::text as tx from es_events order by transaction_id desc, global_position desc limit 1`);
    return r.rows[0] ? `${r.rows[0].tx}:${r.rows[0].global_position}` : null;
  }

  async countAfter(after: string | null, types?: string[]): Promise<number> {
    // Committed events, visible to readers yet or not: they are all still to be applied.
    const [tx, seq] = parseCheckpoint(after);
    const r = await this.pool.query(
      `select count(*)::bigint as n from es_events where (transaction_id, global_position) > ($1::xid8, $2::bigint)
       ${types?.length ? 'and type = any($3::text[])' : ''}`,
      types?.length ? [tx, seq, types] : [tx, seq]);
    return r.rows[0].n;
  }

  compare(a: string | null, b: string | null): number {
    const [at, as] = parseCheckpoint(a);
    const [bt, bs] = parseCheckpoint(b);
    const dt = BigInt(at) - BigInt(bt);
    if (dt !== 0n) return dt < 0n ? -1 : 1;
    return as - bs;
  }

  async subscribe(wake: () => void): Promise<() => Promise<void>> {
    this.local.add(wake);
    const client = await this.pool.connect();
    const onNotify = () => wake();
    client.on('notification', onNotify);
    await client.query(`listen ${CHANNEL}`);
    return async () => {
      this.local.delete(wake);
      client.off('notification', onNotify);
      await client.query(`unlisten ${CHANNEL}`).catch(() => undefined);
      client.release();
    };
  }

  async listStreams(prefix: string): Promise<string[]> {
    const r = await this.pool.query(`select stream_id from es_streams where stream_id like $1 || '%' order by stream_id`, [prefix.replace(/[%_\\]/g, (c) => `\\${c}`)]);
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
