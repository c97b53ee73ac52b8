import { randomUUID } from 'node:crypto';
import { ConcurrencyError, type AppendResult, type ExpectedRevision, type NewEvent, type StreamAppend } from './types';

/**
 * All-or-nothing multi-stream appends on a store whose appends are atomic per stream only
 * (EventStoreDB has no multi-stream transaction). The commit point is one single-stream append:
 *
 * 1. every event of the batch carries its batch id in its metadata (BATCH_TAG);
 * 2. the streams are appended one by one, each at its expected revision;
 * 3. the outcome is recorded on the batch's own stream at "no stream": `BatchCommitted` by the
 *    writer once every stream is in, `BatchAborted` by the writer when a stream is refused, or by a
 *    reader that waited longer than `pendingWaitMs` for a writer that stalled or died. Exactly one of
 *    the two lands (the store's optimistic check on that one stream decides), and it never changes.
 *
 * Readers show an event of a batch only once the batch is committed; they wait (bounded) while it is
 * pending, so nobody decides on a state a batch is half-way through. Refused batches stay in the
 * store's log, hidden: a stream's revision counts them (appends check the store's own revision), so
 * stream positions read back may have gaps.
 */
const BATCH_TAG = 'fundflowBatch';
const BATCH_STREAM_PREFIX = 'fundflow-batch-';
export const batchStream = (batchId: string) => `${BATCH_STREAM_PREFIX}${batchId}`;
export const isBatchRecord = (streamId: string) => streamId.startsWith(BATCH_STREAM_PREFIX);
export const BATCH_COMMITTED = 'BatchCommitted';
export const BATCH_ABORTED = 'BatchAborted';

export type BatchOutcome = 'committed' | 'aborted';

/** The batch an event belongs to, or null for an event of a single-stream append. */
export function batchOf(e: { metadata?: Record<string, unknown> | null }): string | null {
  const id = e.metadata?.[BATCH_TAG];
  return typeof id === 'string' ? id : null;
}

/** The appends of one batch, every event tagged with its id. */
export function tagBatch(appends: StreamAppend[], batchId: string): StreamAppend[] {
  return appends.map((a) => ({
    ...a,
    events: a.events.map((e) => ({ ...e, metadata: { ...e.metadata, [BATCH_TAG]: batchId } })),
  }));
}

/** The outcome a batch stream's first event records (null: none yet). */
export function outcomeOf(firstType: string | null): BatchOutcome | null {
  if (firstType === BATCH_COMMITTED) return 'committed';
  if (firstType === BATCH_ABORTED) return 'aborted';
  return null;
}

/** Whether an expected revision admits a stream now at `actual` (-1: no stream). */
export function admits(expected: ExpectedRevision, actual: number): boolean {
  return expected === 'any' || (expected === 'no_stream' ? actual === -1 : actual === expected);
}

/** What the protocol needs of the store: single-stream appends and reads. */
export interface SingleStreamLog {
  /** Throws ConcurrencyError when the stream is not at `expected`. */
  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** The stream's revision (-1 when it does not exist). */
  revision(streamId: string): Promise<number>;
  /** The type of the stream's first event, or null when it does not exist. */
  firstType(streamId: string): Promise<string | null>;
}

export interface BatchOptions {
  /** How long a reader waits for a pending batch before it aborts it. */
  pendingWaitMs?: number;
  pollMs?: number;
  newId?: () => string;
  /** Outcomes kept in memory (they never change). */
  cacheSize?: number;
}

export class BatchAppends {
  private readonly settled = new Map<string, BatchOutcome>();
  private readonly pendingWaitMs: number;
  private readonly pollMs: number;
  private readonly newId: () => string;
  private readonly cacheSize: number;

  constructor(
    private readonly log: SingleStreamLog,
    opts: BatchOptions = {},
  ) {
    this.pendingWaitMs = opts.pendingWaitMs ?? 5000;
    this.pollMs = opts.pollMs ?? 25;
    this.newId = opts.newId ?? randomUUID;
    this.cacheSize = opts.cacheSize ?? 10_000;
  }

  /**
   * Appends every stream or, as readers see it, none. A conflict known before writing writes
   * nothing at all; a race lost midway leaves hidden events of an aborted batch. Throws
   * ConcurrencyError naming the refused stream (or the batch's stream, when a reader aborted the
   * batch before its commit).
   */
  async appendMany(appends: StreamAppend[]): Promise<AppendResult[]> {
    if (new Set(appends.map((a) => a.streamId)).size !== appends.length)
      throw new Error('appendMany: each stream at most once per call');
    const actual = await Promise.all(appends.map((a) => this.log.revision(a.streamId)));
    appends.forEach((a, i) => {
      if (!admits(a.expected, actual[i]!)) throw new ConcurrencyError(a.streamId, a.expected, actual[i]!);
    });
    if (appends.length <= 1) return Promise.all(appends.map((a) => this.log.append(a.streamId, a.events, a.expected)));
    const id = this.newId();
    const out: AppendResult[] = [];
    try {
      for (const a of tagBatch(appends, id)) out.push(await this.log.append(a.streamId, a.events, a.expected));
    } catch (err) {
      // Best effort: a batch left pending is aborted by the first reader that waits too long.
      await this.settle(id, BATCH_ABORTED).catch(() => undefined);
      throw err;
    }
    if ((await this.settle(id, BATCH_COMMITTED)) !== 'committed')
      throw new ConcurrencyError(batchStream(id), 'no_stream', 0);
    return out;
  }

  /** Records an outcome unless one stands already; answers the one that stands. */
  private async settle(id: string, type: typeof BATCH_COMMITTED | typeof BATCH_ABORTED): Promise<BatchOutcome> {
    try {
      await this.log.append(batchStream(id), [{ type, data: { batchId: id } }], 'no_stream');
      return this.remember(id, outcomeOf(type)!);
    } catch (err) {
      if (!(err instanceof ConcurrencyError)) throw err;
      const stands = outcomeOf(await this.log.firstType(batchStream(id)));
      if (!stands) throw err;
      return this.remember(id, stands);
    }
  }

  private remember(id: string, outcome: BatchOutcome): BatchOutcome {
    this.settled.set(id, outcome);
    if (this.settled.size > this.cacheSize) this.settled.delete(this.settled.keys().next().value!);
    return outcome;
  }

  /**
   * The outcome of each batch: read from its stream; a pending one is polled until
   * `pendingWaitMs` has passed since the call, then aborted (or found settled by its writer).
   */
  async outcomesOf(ids: Iterable<string>): Promise<Map<string, BatchOutcome>> {
    const out = new Map<string, BatchOutcome>();
    const deadline = Date.now() + this.pendingWaitMs;
    await Promise.all(
      [...new Set(ids)].map(async (id) => {
        for (;;) {
          const known = this.settled.get(id) ?? outcomeOf(await this.log.firstType(batchStream(id)));
          if (known) {
            out.set(id, this.remember(id, known));
            return;
          }
          if (Date.now() >= deadline) {
            out.set(id, await this.settle(id, BATCH_ABORTED));
            return;
          }
          await new Promise((r) => setTimeout(r, this.pollMs));
        }
      }),
    );
    return out;
  }

  /** The events readers see, in order: those of single-stream appends and of committed batches. */
  async visible<E extends { metadata?: Record<string, unknown> | null }>(events: E[]): Promise<E[]> {
    const ids = events.map(batchOf).filter((id): id is string => id !== null);
    if (ids.length === 0) return events;
    const outcome = await this.outcomesOf(ids);
    return events.filter((e) => {
      const id = batchOf(e);
      return id === null || outcome.get(id) === 'committed';
    });
  }
}
