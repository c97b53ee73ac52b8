import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
  excludeSystemEvents,
} from '@eventstore/db-client';
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
import { BatchAppends, isBatchRecord, type BatchOptions } from './batch';

/**
 * EventStoreDB / KurrentDB adapter (production), used when EVENTSTORE_URL is set.
 * Checkpoints are "commit:prepare" positions of the $all stream.
 */
export class EventStoreDbStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  // The gRPC client (6.x) has no multi-stream append; a batch with one commit point makes it
  // all or nothing as readers of this adapter see it (batch.ts).
  readonly atomicAppendMany = true;
  private readonly client: EventStoreDBClient;
  private readonly batches: BatchAppends;
  constructor(connectionString: string, batchOptions: BatchOptions = {}) {
    this.client = EventStoreDBClient.connectionString(connectionString);
    this.batches = new BatchAppends(
      {
        append: (streamId, events, expected) => this.append(streamId, events, expected),
        revision: (streamId) => this.revision(streamId),
        firstType: (streamId) => this.firstType(streamId),
      },
      batchOptions,
    );
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const prepared = events.map((e) =>
      jsonEvent({
        id: e.eventId ?? randomUUID(),
        type: e.type,
        data: (e.data ?? null) as any,
        metadata: (e.metadata ?? {}) as any,
      }),
    );
    try {
      const r = await this.client.appendToStream(streamId, prepared, {
        expectedRevision: expected === 'no_stream' ? NO_STREAM : expected === 'any' ? ANY : BigInt(expected),
      });
      const next = Number(r.nextExpectedRevision);
      const base = r.position ? `${r.position.commit}:${r.position.prepare}` : '0:0';
      // The append answer carries one position for the batch; re-read to return exact records.
      const all = await this.readPhysical(streamId);
      const recorded = all.slice(all.length - events.length);
      return { nextRevision: next, checkpoint: recorded[recorded.length - 1]?.checkpoint ?? base, events: recorded };
    } catch (err) {
      if (err instanceof WrongExpectedVersionError) {
        const actual = typeof err.actualVersion === 'bigint' ? Number(err.actualVersion) : -1;
        throw new ConcurrencyError(streamId, expected, actual);
      }
      throw err;
    }
  }

  /** All or nothing through a batch with one commit point (batch.ts). */
  appendMany(appends: StreamAppend[]): Promise<AppendResult[]> {
    return this.batches.appendMany(appends);
  }

  /** The type of a stream's first event (a batch's outcome), or null when it does not exist. */
  private async firstType(streamId: string): Promise<string | null> {
    try {
      for await (const resolved of this.client.readStream(streamId, {
        direction: FORWARDS,
        fromRevision: START,
        maxCount: 1,
      }))
        if (resolved.event) return resolved.event.type;
    } catch (err) {
      if (err instanceof StreamNotFoundError) return null;
      throw err;
    }
    return null;
  }

  /** A stream's revision (-1 when it does not exist), from its last event only. */
  private async revision(streamId: string): Promise<number> {
    try {
      for await (const resolved of this.client.readStream(streamId, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: 1,
      })) {
        if (resolved.event) return Number(resolved.event.revision);
      }
    } catch (err) {
      if (err instanceof StreamNotFoundError) return -1;
      throw err;
    }
    return -1;
  }

  /**
   * The events of committed batches and single appends; the revision is the store's own (events of
   * refused batches count), the one the next append is checked against.
   */
  async readStream(streamId: string): Promise<ReadStreamResult> {
    const events = await this.readPhysical(streamId);
    return {
      events: await this.batches.visible(events),
      revision: events.length ? events[events.length - 1]!.streamPosition : -1,
    };
  }

  /** Every event the stream holds, those of pending and refused batches included. */
  private async readPhysical(streamId: string): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, { direction: FORWARDS, fromRevision: START })) {
        if (resolved.event) events.push(toRecorded(resolved.event));
      }
    } catch (err) {
      if (err instanceof StreamNotFoundError) return [];
      throw err;
    }
    return events;
  }

  /**
   * The client cannot filter reads of $all on the server, so this reads on, page after page, until
   * `limit` events of the wanted types are in or the end of the log is reached. Answering fewer than
   * `limit` therefore always means "caught up" (an empty page after a run of unrelated events
   * would stop a projection for good).
   */
  async readStreams(streamIds: string[]): Promise<Map<string, ReadStreamResult>> {
    const ids = [...new Set(streamIds)];
    const out = new Map<string, ReadStreamResult>();
    // A few reads in flight at a time: the gRPC client multiplexes them on one connection.
    for (let i = 0; i < ids.length; i += 32) {
      const part = ids.slice(i, i + 32);
      const read = await Promise.all(part.map((id) => this.readStream(id)));
      part.forEach((id, k) => out.set(id, read[k]!));
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
    const out: RecordedEvent[] = [];
    const page = Math.max(limit, 500);
    let cursor = after;
    for (;;) {
      let seen = 0;
      let last: string | null = null;
      // Reading from a position includes the event at it: read one more and drop it.
      for await (const resolved of this.client.readAll({
        direction: FORWARDS,
        fromPosition: cursor ? parse(cursor) : START,
        maxCount: page + 1,
      })) {
        const e = resolved.event;
        if (!e) continue;
        const pos = e.position ? `${e.position.commit}:${e.position.prepare}` : null;
        if (pos && cursor && this.compare(pos, cursor) <= 0) continue;
        seen++;
        if (pos) last = pos;
        if (e.type.startsWith('$') || e.streamId.startsWith('$') || isBatchRecord(e.streamId)) continue;
        const rec = toRecorded(e);
        if (types?.length && !types.includes(rec.type)) continue;
        // A pending batch holds the reader here until it is settled: the log is never read past it.
        if ((await this.batches.visible([rec])).length === 0) continue;
        out.push(rec);
        if (out.length >= limit) return out;
      }
      if (seen < page || !last) return out;
      cursor = last;
    }
  }

  /** Reads back until the first event of ours: a tail of system events must not look like an empty log. */
  async head(): Promise<string | null> {
    for await (const resolved of this.client.readAll({ direction: BACKWARDS, fromPosition: END })) {
      const e = resolved.event;
      if (!e || e.type.startsWith('$') || e.streamId.startsWith('$') || isBatchRecord(e.streamId)) continue;
      if ((await this.batches.visible([toRecorded(e)])).length) return toRecorded(e).checkpoint;
    }
    return null;
  }

  /** Exact, because readAll answers fewer than asked only at the end of the log. */
  async heldBack(): Promise<boolean> {
    // $all is read up to the last commit: nothing committed waits for another writer.
    return false;
  }

  async countAfter(after: string | null, types?: string[]): Promise<number> {
    let n = 0;
    let cursor = after;
    for (;;) {
      const batch = await this.readAll({ after: cursor, limit: 1000, types });
      n += batch.length;
      if (batch.length < 1000) return n;
      cursor = batch[batch.length - 1]!.checkpoint;
    }
  }

  compare(a: string | null, b: string | null): number {
    const [ac, ap] = a ? a.split(':').map(BigInt) : [-1n, -1n];
    const [bc, bp] = b ? b.split(':').map(BigInt) : [-1n, -1n];
    if (ac !== bc) return ac! < bc! ? -1 : 1;
    return ap === bp ? 0 : ap! < bp! ? -1 : 1;
  }

  async subscribe(wake: () => void): Promise<() => Promise<void>> {
    const sub = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    sub.on('data', () => wake());
    sub.on('error', (err) => console.error('[eventstoredb] subscription error', err.message));
    return async () => {
      await sub.unsubscribe();
    };
  }

  async listStreams(prefix: string): Promise<string[]> {
    const seen = new Set<string>();
    let cursor: string | null = null;
    for (;;) {
      const batch = await this.readAll({ after: cursor, limit: 2000 });
      for (const e of batch) if (e.streamId.startsWith(prefix)) seen.add(e.streamId);
      if (batch.length < 2000) break;
      cursor = batch[batch.length - 1]!.checkpoint;
    }
    return [...seen].sort();
  }

  async ping(): Promise<boolean> {
    try {
      for await (const _ of this.client.readAll({ maxCount: 1 })) break;
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}

function parse(cp: string) {
  const [commit, prepare] = cp.split(':').map(BigInt);
  return { commit: commit!, prepare: prepare! };
}

function toRecorded(e: any): RecordedEvent {
  const pos = e.position ? `${e.position.commit}:${e.position.prepare}` : '0:0';
  return {
    eventId: e.id,
    streamId: e.streamId,
    streamPosition: Number(e.revision),
    checkpoint: pos,
    sequence: e.position ? Number(e.position.commit) : 0,
    type: e.type,
    data: e.data,
    metadata: e.metadata ?? {},
    createdAt:
      e.created instanceof Date
        ? e.created.toISOString()
        : new Date(Number(e.created) / 10_000 - 62135596800000).toISOString(),
  };
}
