import { creditStream, type CreditEvent } from '@fp/contracts';
import type { EventMetadata, EventStore, RecordedEvent, StreamAppend } from '@fp/infra';
import { appendDecision, expectedAt, type CommandMeta } from '../../platform/decider';
import { creditDecider, decideAll, replay, type CreditCommand, type CreditState } from './credit-decider';

export interface CommandResult {
  /** Balance right after this command's events. */
  balance: number;
  changed: boolean;
  events: CreditEvent[];
  /** Checkpoint of the append that carried this command's events (null when it produced none). */
  checkpoint: string | null;
}

interface Pending {
  command: CreditCommand;
  meta: CommandMeta;
  resolve(r: CommandResult): void;
  reject(e: unknown): void;
}

const MAX_BATCH = 256;
const MAX_CONFLICTS = 20;
const CACHE_SIZE = 5000;

/**
 * Runs ledger commands, one user's stream at a time, in batches ("group commit").
 *
 * Commands for one stream that arrive while an append is in flight wait in a queue; the next round
 * decides all of them in order against one state and appends their events in one append with the
 * expected revision. So 50 simultaneous spends cost a couple of round trips instead of 50 racing
 * optimistic retries, and each still gets its own answer (success or 'Insufficient Credits').
 *
 * The last state of recently used streams is kept so a busy ledger is not re-read before every
 * append. That is safe because the cache is only a guess: an append succeeds only at the expected
 * revision (another process that wrote meanwhile makes it fail, and the round starts over from a
 * fresh read), and an answer that writes nothing (a rejection, an idempotent no-op) is given only
 * after a fresh read confirms it.
 */
export class CreditCommandQueue {
  private readonly queues = new Map<string, Pending[]>();
  private readonly cache = new Map<string, { state: CreditState; revision: number }>();

  constructor(private readonly store: EventStore) {}

  submit(userId: string, command: CreditCommand, meta: CommandMeta): Promise<CommandResult> {
    const streamId = creditStream(userId);
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(streamId);
      if (queue) {
        queue.push({ command, meta, resolve, reject });
        return;
      }
      this.queues.set(streamId, [{ command, meta, resolve, reject }]);
      void this.drain(streamId);
    });
  }

  /**
   * Decides a command on the stream as it is now (a fresh read) without appending it: the caller
   * appends the events together with its own, at the returned revision, in one multi-stream append.
   * Throws what the decider throws (e.g. InsufficientCreditsError). The cache is dropped, since the
   * caller's append changes the stream behind this queue.
   */
  async prepare(
    userId: string,
    command: CreditCommand,
    meta: CommandMeta,
  ): Promise<{ append: StreamAppend; events: CreditEvent[] }> {
    const streamId = creditStream(userId);
    this.cache.delete(streamId);
    const { state, revision } = await this.load(streamId);
    const events = creditDecider.decide(command, state, meta);
    return {
      events,
      append: {
        streamId,
        events: events.map((e) => ({ type: e.type, data: e.data, metadata: metadataOf(meta) })),
        expected: expectedAt(revision),
      },
    };
  }

  /** Forgets cached state (after the event store was changed behind the app's back, e.g. in tests). */
  clear() {
    this.cache.clear();
  }

  private async drain(streamId: string) {
    const queue = this.queues.get(streamId)!;
    while (queue.length) {
      const batch = queue.splice(0, MAX_BATCH);
      try {
        await this.runBatch(streamId, batch);
      } catch (err) {
        for (const p of batch) p.reject(err);
      }
    }
    this.queues.delete(streamId);
  }

  private async load(streamId: string): Promise<{ state: CreditState; revision: number }> {
    const { events, revision } = await this.store.readStream(streamId);
    return { state: replay(events.map(asCreditEvent)), revision };
  }

  private remember(streamId: string, entry: { state: CreditState; revision: number }) {
    this.cache.delete(streamId);
    this.cache.set(streamId, entry);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
  }

  /**
   * One round through the write path (appendDecision): its first try decides on the cached state
   * when that decision writes something (the append at the cached revision checks the guess), else
   * on a fresh read; every later try, after another process wrote, on a fresh read.
   */
  private async runBatch(streamId: string, batch: Pending[]) {
    let tries = 0;
    const decided = (loaded: { state: CreditState; revision: number }) => ({
      loaded,
      ...decideAll(batch, loaded.state),
    });
    let round;
    try {
      round = await appendDecision(
        this.store,
        async () => {
          const cached = tries++ === 0 ? this.cache.get(streamId) : undefined;
          if (cached) {
            const guess = decided(cached);
            if (!guess.outcomes.some((o) => 'error' in o || o.events.length === 0)) return guess;
          }
          return decided(await this.load(streamId));
        },
        (d) => ({
          appends: [
            {
              streamId,
              events: d.outcomes.flatMap((o, i) =>
                'error' in o
                  ? []
                  : o.events.map((e) => ({ type: e.type, data: e.data, metadata: metadataOf(batch[i]!.meta) })),
              ),
              expected: expectedAt(d.loaded.revision),
            },
          ],
          result: d,
        }),
        { maxRetries: MAX_CONFLICTS, backoffMs: 4 },
      );
    } catch (err) {
      this.cache.delete(streamId);
      throw err;
    }
    const { result, appended } = round;
    const written = appended[0];
    this.remember(streamId, written ? { state: result.state, revision: written.nextRevision } : result.loaded);
    const checkpoint = written?.checkpoint ?? null;
    result.outcomes.forEach((o, i) => {
      const p = batch[i]!;
      if ('error' in o) p.reject(o.error);
      else
        p.resolve({
          balance: o.balance,
          changed: o.events.length > 0,
          events: o.events,
          checkpoint: o.events.length ? checkpoint : null,
        });
    });
  }
}

function metadataOf(meta: CommandMeta): EventMetadata {
  return { now: meta.now.toISOString(), actor: meta.actor, correlationId: meta.correlationId };
}

export function asCreditEvent(e: Pick<RecordedEvent, 'type' | 'data'>): CreditEvent {
  return { type: e.type, data: e.data } as CreditEvent;
}
