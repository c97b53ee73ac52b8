// The batch protocol that makes EventStoreDB's multi-stream appends all or nothing, over a log with
// EventStoreDB's one guarantee: an append to one stream is atomic and checked against its revision.
import { describe, expect, it } from 'vitest';
import {
  admits,
  BATCH_ABORTED,
  BATCH_COMMITTED,
  batchOf,
  batchStream,
  BatchAppends,
  outcomeOf,
  tagBatch,
  type SingleStreamLog,
} from './batch';
import { ConcurrencyError, type AppendResult, type ExpectedRevision, type NewEvent } from './types';

/** Streams in memory; `before` runs ahead of each append (to let another writer in, or stall). */
class MemoryLog implements SingleStreamLog {
  readonly streams = new Map<string, NewEvent[]>();
  before: (streamId: string) => Promise<void> = async () => {};

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    await this.before(streamId);
    const held = this.streams.get(streamId) ?? [];
    const actual = held.length - 1;
    if (!admits(expected, actual)) throw new ConcurrencyError(streamId, expected, actual);
    this.streams.set(streamId, [...held, ...events]);
    return { nextRevision: actual + events.length, checkpoint: String(actual + events.length), events: [] };
  }
  async revision(streamId: string) {
    return (this.streams.get(streamId)?.length ?? 0) - 1;
  }
  async firstType(streamId: string) {
    return this.streams.get(streamId)?.[0]?.type ?? null;
  }
  /** What a reader of the adapter gets: the stream through the protocol's visibility. */
  read(batches: BatchAppends, streamId: string) {
    return batches.visible(this.streams.get(streamId) ?? []).then((es) => es.map((e) => e.data));
  }
}

const ev = (data: string): NewEvent => ({ type: 'Happened', data, metadata: { actor: 'test' } });
let n = 0;
const ids = () => `b${++n}`;

describe('batch appends (EventStoreDB multi-stream)', () => {
  it('given two new streams, when the batch lands, then both read back and the batch is committed', async () => {
    const log = new MemoryLog();
    const batches = new BatchAppends(log, { newId: ids });
    const r = await batches.appendMany([
      { streamId: 'x', events: [ev('x1')], expected: 'no_stream' },
      { streamId: 'y', events: [ev('y1'), ev('y2')], expected: 'no_stream' },
    ]);
    expect(r.map((a) => a.nextRevision)).toEqual([0, 1]);
    expect(await log.read(batches, 'x')).toEqual(['x1']);
    expect(await log.read(batches, 'y')).toEqual(['y1', 'y2']);
    const id = batchOf(log.streams.get('x')![0]!)!;
    expect(await log.firstType(batchStream(id))).toBe(BATCH_COMMITTED);
    // The caller's metadata is kept beside the tag.
    expect(log.streams.get('y')![1]!.metadata).toMatchObject({ actor: 'test' });
  });

  it('given a conflict known before writing, when the batch is appended, then nothing is written', async () => {
    const log = new MemoryLog();
    await log.append('taken', [ev('t')], 'no_stream');
    const batches = new BatchAppends(log, { newId: ids });
    await expect(
      batches.appendMany([
        { streamId: 'before', events: [ev('b')], expected: 'no_stream' },
        { streamId: 'taken', events: [ev('t2')], expected: 'no_stream' },
      ]),
    ).rejects.toMatchObject({ name: 'ConcurrencyError', streamId: 'taken' });
    expect([...log.streams.keys()]).toEqual(['taken']);
  });

  it('given another writer takes the second stream midway, then the first stream written is hidden and the batch aborted', async () => {
    const log = new MemoryLog();
    const batches = new BatchAppends(log, { newId: ids });
    log.before = async (s) => {
      if (s !== 'y') return;
      log.before = async () => {};
      await log.append('y', [ev('other')], 'no_stream');
    };
    await expect(
      batches.appendMany([
        { streamId: 'x', events: [ev('x1')], expected: 'no_stream' },
        { streamId: 'y', events: [ev('y1')], expected: 'no_stream' },
      ]),
    ).rejects.toMatchObject({ name: 'ConcurrencyError', streamId: 'y' });
    // The store still holds x1 (an ordered append leaves it there): readers do not see it.
    expect(log.streams.get('x')!.map((e) => e.data)).toEqual(['x1']);
    expect(await log.read(batches, 'x')).toEqual([]);
    expect(await log.read(batches, 'y')).toEqual(['other']);
    expect(await log.firstType(batchStream(batchOf(log.streams.get('x')![0]!)!))).toBe(BATCH_ABORTED);
    // The next writer appends at the store's revision, after the hidden event.
    expect(await log.revision('x')).toBe(0);
  });

  it('given a writer that stalls before its commit, then a reader waits, aborts it, and the commit is refused', async () => {
    const log = new MemoryLog();
    const writer = new BatchAppends(log, { newId: ids });
    const reader = new BatchAppends(log, { pendingWaitMs: 30, pollMs: 5 });
    let release!: () => void;
    const stalled = new Promise<void>((r) => (release = r));
    log.before = async (s) => {
      if (s.startsWith('fundflow-batch-')) await stalled;
    };
    const writing = writer.appendMany([
      { streamId: 'x', events: [ev('x1')], expected: 'no_stream' },
      { streamId: 'y', events: [ev('y1')], expected: 'no_stream' },
    ]);
    await new Promise((r) => setTimeout(r, 5));
    expect(log.streams.get('y')).toHaveLength(1);
    log.before = async () => {};
    const seen = await log.read(reader, 'y');
    release();
    await expect(writing).rejects.toBeInstanceOf(ConcurrencyError);
    expect(seen).toEqual([]);
    expect(await log.read(writer, 'x')).toEqual([]);
  });

  it('given a writer that commits while a reader waits, then the reader sees the whole batch', async () => {
    const log = new MemoryLog();
    const writer = new BatchAppends(log, { newId: ids });
    const reader = new BatchAppends(log, { pendingWaitMs: 2000, pollMs: 5 });
    let release!: () => void;
    const stalled = new Promise<void>((r) => (release = r));
    log.before = async (s) => {
      if (s.startsWith('fundflow-batch-')) await stalled;
    };
    const writing = writer.appendMany([
      { streamId: 'x', events: [ev('x1')], expected: 'no_stream' },
      { streamId: 'y', events: [ev('y1')], expected: 'no_stream' },
    ]);
    await new Promise((r) => setTimeout(r, 5));
    const reading = log.read(reader, 'y');
    setTimeout(release, 20);
    await writing;
    expect(await reading).toEqual(['y1']);
  });

  it('given batches that cross ([x, y] and [y, x]) in every interleaving, then each is seen whole or not at all', async () => {
    for (let round = 0; round < 50; round++) {
      const log = new MemoryLog();
      const batches = new BatchAppends(log, { newId: ids, pendingWaitMs: 50, pollMs: 1 });
      // Yield a random number of turns before each append, so the two writers interleave differently.
      log.before = async () => {
        for (let i = Math.floor(Math.random() * 4); i > 0; i--) await Promise.resolve();
      };
      const a = batches.appendMany([
        { streamId: 'x', events: [ev('a')], expected: 'no_stream' },
        { streamId: 'y', events: [ev('a')], expected: 'no_stream' },
      ]);
      const b = batches.appendMany([
        { streamId: 'y', events: [ev('b')], expected: 'no_stream' },
        { streamId: 'x', events: [ev('b')], expected: 'no_stream' },
      ]);
      const [ra, rb] = await Promise.allSettled([a, b]);
      const [x, y] = [await log.read(batches, 'x'), await log.read(batches, 'y')];
      for (const [tag, r] of [
        ['a', ra],
        ['b', rb],
      ] as const) {
        const seen = [x.includes(tag), y.includes(tag)];
        expect(seen, `round ${round}, batch ${tag}`).toEqual(r!.status === 'fulfilled' ? [true, true] : [false, false]);
      }
    }
  });

  it('answers outcomes from the batch stream, and tags every event of a batch', () => {
    expect(outcomeOf(BATCH_COMMITTED)).toBe('committed');
    expect(outcomeOf(BATCH_ABORTED)).toBe('aborted');
    expect(outcomeOf(null)).toBeNull();
    const tagged = tagBatch([{ streamId: 's', events: [ev('1'), ev('2')], expected: 'any' }], 'id-1');
    expect(tagged[0]!.events.map(batchOf)).toEqual(['id-1', 'id-1']);
    expect(batchOf({ metadata: {} })).toBeNull();
    expect([admits('any', 3), admits('no_stream', -1), admits('no_stream', 0), admits(2, 2), admits(2, 1)]).toEqual([
      true,
      true,
      false,
      true,
      false,
    ]);
  });
});
