// The one write path: appendDecided (the only caller of the store's appends) and appendDecision's retry.
import { ConcurrencyError, type EventStore, type StreamAppend } from '@fp/infra';
import { describe, expect, it } from 'vitest';
import { appendDecided, appendDecision, ConflictError } from './decider';

/** The two write methods of the port, recording their calls; `refuse` makes the next n conflict. */
function recordingStore(refuse = 0) {
  const calls: Array<{ op: 'append' | 'appendMany'; streams: string[] }> = [];
  const result = (a: StreamAppend) => ({ nextRevision: a.events.length - 1, checkpoint: a.streamId, events: [] });
  const store = {
    async append(streamId: string, events: StreamAppend['events'], expected: StreamAppend['expected']) {
      calls.push({ op: 'append', streams: [streamId] });
      if (refuse-- > 0) throw new ConcurrencyError(streamId, expected, 3);
      return result({ streamId, events, expected });
    },
    async appendMany(appends: StreamAppend[]) {
      calls.push({ op: 'appendMany', streams: appends.map((a) => a.streamId) });
      if (refuse-- > 0) throw new ConcurrencyError(appends[0]!.streamId, appends[0]!.expected, 3);
      return appends.map(result);
    },
  } as unknown as EventStore;
  return { store, calls };
}

const write = (streamId: string, n = 1): StreamAppend => ({
  streamId,
  events: Array.from({ length: n }, (_, i) => ({ type: 'Happened', data: { i } })),
  expected: 'no_stream',
});

describe('appendDecided', () => {
  it('writes nothing for a decision without events', async () => {
    const { store, calls } = recordingStore();
    expect(await appendDecided(store, [write('a', 0)])).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('appends one stream on its own and several in one multi-stream append, leaving out empty ones', async () => {
    const { store, calls } = recordingStore();
    expect((await appendDecided(store, [write('a', 0), write('b', 2)])).map((r) => r.checkpoint)).toEqual(['b']);
    expect((await appendDecided(store, [write('c'), write('d', 0), write('e')])).map((r) => r.checkpoint)).toEqual([
      'c',
      'e',
    ]);
    expect(calls).toEqual([
      { op: 'append', streams: ['b'] },
      { op: 'appendMany', streams: ['c', 'e'] },
    ]);
  });
});

describe('appendDecision', () => {
  it('given another writer got there first, decides again on a fresh load and appends', async () => {
    const { store, calls } = recordingStore(2);
    let loads = 0;
    const { result } = await appendDecision(
      store,
      async () => ++loads,
      (n) => ({ appends: [write('a'), write('b')], result: n }),
      { backoffMs: 0 },
    );
    expect(result).toBe(3);
    expect(calls).toHaveLength(3);
  });

  it('answers 409 after its tries, and passes any other error on at once', async () => {
    const busy = recordingStore(100);
    const refused = appendDecision(
      busy.store,
      async () => null,
      () => ({ appends: [write('a')], result: null }),
      {
        maxRetries: 4,
        backoffMs: 0,
      },
    );
    await expect(refused).rejects.toBeInstanceOf(ConflictError);
    expect(busy.calls).toHaveLength(5);
    const broken = recordingStore();
    (broken.store as { append: unknown }).append = async () => {
      throw new Error('connection reset');
    };
    await expect(
      appendDecision(
        broken.store,
        async () => null,
        () => ({ appends: [write('a')], result: null }),
      ),
    ).rejects.toThrow('connection reset');
  });
});
