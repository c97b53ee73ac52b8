import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConcurrencyError, type EventStore, type RecordedEvent } from '../src/eventstore/types';

/**
 * What an adapter promises beyond the shared contract, stated by its suite and tested here.
 * `multiStream`: 'atomic' — appendMany is all or nothing as readers see it (Postgres: one
 * transaction; EventStoreDB: a batch with one commit point, eventstore/batch.ts); 'ordered' — every
 * expected revision is checked first, then the streams are appended one by one, so a race lost
 * midway leaves the earlier streams written.
 */
interface EventStoreGuarantees {
  multiStream: 'atomic' | 'ordered';
}

/**
 * The one contract every event store adapter passes. `make` gives a store on a log that may already
 * hold other events (a shared EventStoreDB), so every test uses its own stream prefix.
 */
export function eventStoreContract(name: string, make: () => Promise<EventStore>, guarantees: EventStoreGuarantees) {
  describe(`event store contract: ${name} (multi-stream appends: ${guarantees.multiStream})`, () => {
    const ev = (i: number) => ({ type: 'TestHappened', data: { i } });

    /**
     * Reads the log after a checkpoint in pages, keeping this test's events, until `expected` of
     * them are in (readers may be held back briefly by transactions elsewhere) — never skipping.
     */
    async function readAllOf(store: EventStore, prefix: string, after: string | null, batch: number, expected: number) {
      const out: RecordedEvent[] = [];
      let cursor = after;
      for (let idle = 0; out.length < expected && idle < 500;) {
        const page = await store.readAll({ after: cursor, limit: batch });
        if (page.length === 0) {
          idle++;
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        for (const e of page) {
          if (cursor) expect(store.compare(e.checkpoint, cursor)).toBeGreaterThan(0);
          cursor = e.checkpoint;
          if (e.streamId.startsWith(prefix)) out.push(e);
        }
      }
      return out;
    }

    it('appends to a new stream and reads it back in order', async () => {
      const store = await make();
      const s = `c-${randomUUID()}`;
      const r = await store.append(s, [ev(1), ev(2), ev(3)], 'no_stream');
      expect(r.nextRevision).toBe(2);
      const read = await store.readStream(s);
      expect(read.revision).toBe(2);
      expect(read.events.map((e) => e.data.i)).toEqual([1, 2, 3]);
      expect(read.events.map((e) => e.streamPosition)).toEqual([0, 1, 2]);
      expect((await store.readStream(`missing-${randomUUID()}`)).revision).toBe(-1);
      const missing = `missing-${randomUUID()}`;
      const many = await store.readStreams([s, missing]);
      expect(many.get(s)!.events.map((e) => e.data.i)).toEqual([1, 2, 3]);
      expect(many.get(s)!.revision).toBe(2);
      expect(many.get(missing)).toEqual({ events: [], revision: -1 });
    });

    it('enforces expected revisions: no_stream, exact and any', async () => {
      const store = await make();
      const s = `c-${randomUUID()}`;
      await store.append(s, [ev(1)], 'no_stream');
      await expect(store.append(s, [ev(2)], 'no_stream')).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(store.append(s, [ev(2)], 5)).rejects.toMatchObject({ name: 'ConcurrencyError', actual: 0 });
      expect((await store.append(s, [ev(2)], 0)).nextRevision).toBe(1);
      expect((await store.append(s, [ev(3)], 'any')).nextRevision).toBe(2);
      expect((await store.append(`c-${randomUUID()}`, [ev(1)], 'any')).nextRevision).toBe(0);
    });

    it('lets exactly one of concurrent appends with the same expected revision win', async () => {
      const store = await make();
      const s = `c-${randomUUID()}`;
      await store.append(s, [ev(0)], 'no_stream');
      const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => store.append(s, [ev(i + 1)], 0)));
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(11);
      for (const l of lost) expect(l.reason).toBeInstanceOf(ConcurrencyError);
      expect((await store.readStream(s)).revision).toBe(1);
    });

    it('lets exactly one of concurrent creators of a stream win', async () => {
      const store = await make();
      const s = `c-${randomUUID()}`;
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) => store.append(s, [ev(i)], 'no_stream')),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect((await store.readStream(s)).events).toHaveLength(1);
    });

    it('gives readers a total, gap-free global order while writers run concurrently', async () => {
      const store = await make();
      const prefix = `g-${randomUUID()}-`;
      const seen: RecordedEvent[] = [];
      let cursor: string | null = await store.head();
      let writing = true;
      const reader = (async () => {
        for (;;) {
          const page = await store.readAll({ after: cursor, limit: 50 });
          for (const e of page) {
            if (cursor) expect(store.compare(e.checkpoint, cursor)).toBeGreaterThan(0);
            cursor = e.checkpoint;
            if (e.streamId.startsWith(prefix)) seen.push(e);
          }
          if (page.length === 0 && !writing) break;
          if (page.length === 0) await new Promise((r) => setImmediate(r));
        }
      })();
      const appended: string[] = [];
      await Promise.all(
        Array.from({ length: 10 }, async (_, w) => {
          for (let k = 0; k < 20; k++) {
            const r = await store.append(`${prefix}${w}-${k % 4}`, [ev(k), ev(k + 100)], 'any');
            appended.push(...r.events.map((e) => e.eventId));
          }
        }),
      );
      writing = false;
      await reader;
      // Final passes catch what became visible after the reader's last empty page (another
      // transaction anywhere may hold readers back for a moment), never skipping anything.
      for (let i = 0; i < 500 && seen.length < appended.length; i++) {
        const rest = await store.readAll({ after: cursor, limit: 10_000 });
        for (const e of rest) {
          expect(store.compare(e.checkpoint, cursor)).toBeGreaterThan(0);
          cursor = e.checkpoint;
          if (e.streamId.startsWith(prefix)) seen.push(e);
        }
        if (seen.length < appended.length) await new Promise((r) => setTimeout(r, 20));
      }
      const ids = seen.map((e) => e.eventId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(ids)).toEqual(new Set(appended));
      // Within each stream, global order agrees with stream order.
      const lastPos = new Map<string, number>();
      for (const e of seen) {
        expect(e.streamPosition).toBeGreaterThan(lastPos.get(e.streamId) ?? -1);
        lastPos.set(e.streamId, e.streamPosition);
      }
    });

    it('resumes exactly from a checkpoint', async () => {
      const store = await make();
      const prefix = `r-${randomUUID()}-`;
      const start = await store.head();
      for (let i = 0; i < 25; i++) await store.append(`${prefix}${i % 3}`, [ev(i)], 'any');
      const all = await readAllOf(store, prefix, start, 1000, 25);
      expect(all.map((e) => e.data.i)).toEqual(Array.from({ length: 25 }, (_, i) => i));
      const resumed = await readAllOf(store, prefix, start, 7, 25);
      expect(resumed.map((e) => e.eventId)).toEqual(all.map((e) => e.eventId));
      const mid = all[11]!.checkpoint;
      const after = await readAllOf(store, prefix, mid, 5, 13);
      expect(after.map((e) => e.data.i)).toEqual(Array.from({ length: 13 }, (_, i) => i + 12));
      // Nothing more of ours after the last one.
      expect(
        (await store.readAll({ after: all[24]!.checkpoint, limit: 1000 })).filter((e) => e.streamId.startsWith(prefix)),
      ).toEqual([]);
    });

    it('filters by event type even when more than a page of other events lies between two matches', async () => {
      const store = await make();
      const wanted = `Wanted-${randomUUID()}`;
      const s = `f-${randomUUID()}`;
      const first = await store.append(s, [{ type: wanted, data: { i: 1 } }], 'no_stream');
      // Far more unrelated events than the page size asked for below.
      for (let b = 0; b < 5; b++)
        await store.append(
          s,
          Array.from({ length: 10 }, (_, i) => ev(b * 10 + i)),
          'any',
        );
      await store.append(s, [{ type: wanted, data: { i: 2 } }], 'any');
      let page: RecordedEvent[] = [];
      // Readers may be held back a moment by transactions elsewhere: wait, never skip.
      for (let i = 0; i < 500 && page.length === 0; i++) {
        page = await store.readAll({ after: first.checkpoint, limit: 3, types: [wanted] });
        if (page.length === 0) await new Promise((r) => setTimeout(r, 20));
      }
      expect(page.map((e) => e.data.i)).toEqual([2]);
      expect(await store.countAfter(first.checkpoint, [wanted])).toBe(1);
      expect(await store.countAfter(null, [wanted])).toBe(2);
      const all = await store.readAll({ after: null, limit: 10, types: [wanted] });
      expect(all.map((e) => e.data.i)).toEqual([1, 2]);
    });

    it('appends to several streams at once, each with its own expected revision', async () => {
      const store = await make();
      const p = `m-${randomUUID()}-`;
      await store.append(`${p}exact`, [ev(0)], 'no_stream');
      const results = await store.appendMany([
        { streamId: `${p}new`, events: [ev(1), ev(2)], expected: 'no_stream' },
        { streamId: `${p}exact`, events: [ev(3)], expected: 0 },
        { streamId: `${p}any`, events: [ev(4)], expected: 'any' },
      ]);
      expect(results.map((r) => r.nextRevision)).toEqual([1, 1, 0]);
      expect(results[0]!.events.map((e) => e.data.i)).toEqual([1, 2]);
      expect((await store.readStream(`${p}exact`)).events.map((e) => e.data.i)).toEqual([0, 3]);
      expect(store.compare(results[0]!.checkpoint, results[2]!.checkpoint)).toBeLessThan(0);
      expect(await store.appendMany([])).toEqual([]);
    });

    it('refuses a multi-stream append whose stream is not at its expected revision', async () => {
      const store = await make();
      const p = `mc-${randomUUID()}-`;
      await store.append(`${p}taken`, [ev(0)], 'no_stream');
      const attempt = store.appendMany([
        { streamId: `${p}before`, events: [ev(1)], expected: 'no_stream' },
        { streamId: `${p}taken`, events: [ev(2)], expected: 'no_stream' },
        { streamId: `${p}after`, events: [ev(3)], expected: 'no_stream' },
      ]);
      await expect(attempt).rejects.toMatchObject({ name: 'ConcurrencyError', streamId: `${p}taken` });
      expect((await store.readStream(`${p}taken`)).events.map((e) => e.data.i)).toEqual([0]);
      expect((await store.readStream(`${p}after`)).revision).toBe(-1);
      // A conflict known before writing writes nothing, whatever the store (only a race lost midway
      // may leave earlier streams written, and only where the guarantee is 'ordered').
      expect((await store.readStream(`${p}before`)).revision).toBe(-1);
    });

    it('lets exactly one of two concurrent multi-stream appends over the same new streams win', async () => {
      const store = await make();
      const p = `mr-${randomUUID()}-`;
      const batch = (tag: number) =>
        Array.from({ length: 20 }, (_, i) => ({
          streamId: `${p}${i}`,
          events: [ev(tag)],
          expected: 'no_stream' as const,
        }));
      const results = await Promise.allSettled([store.appendMany(batch(1)), store.appendMany(batch(2))]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (let i = 0; i < 20; i++) expect((await store.readStream(`${p}${i}`)).events).toHaveLength(1);
    });

    it(`says its multi-stream appends are ${guarantees.multiStream}`, async () => {
      const store = await make();
      expect(store.atomicAppendMany).toBe(guarantees.multiStream === 'atomic');
    });

    if (guarantees.multiStream === 'atomic')
      it('shows each of two crossing multi-stream appends whole or not at all, to stream and log readers', async () => {
        const store = await make();
        const start = await store.head();
        const p = `mx-${randomUUID()}-`;
        const rounds = 20;
        const outcomes: Array<{ round: number; tag: string; landed: boolean }> = [];
        for (let round = 0; round < rounds; round++) {
          // [x, y] against [y, x]: an ordered append can win one stream each and lose the other.
          const [x, y] = [`${p}${round}-x`, `${p}${round}-y`];
          const batch = (tag: string, streams: string[]) =>
            store.appendMany(
              streams.map((streamId) => ({
                streamId,
                events: [ev(0), { type: tag, data: {} }],
                expected: 'no_stream' as const,
              })),
            );
          const settled = await Promise.allSettled([batch('A', [x, y]), batch('B', [y, x])]);
          settled.forEach((r, i) => {
            if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ConcurrencyError);
            outcomes.push({ round, tag: i === 0 ? 'A' : 'B', landed: r.status === 'fulfilled' });
          });
          for (const o of outcomes.filter((o) => o.round === round)) {
            const seen = await Promise.all(
              [x, y].map(async (s) => (await store.readStream(s)).events.some((e) => e.type === o.tag)),
            );
            expect(seen, `round ${round}, batch ${o.tag}`).toEqual([o.landed, o.landed]);
          }
        }
        // The log shows the same: both streams of a batch that landed, nothing of one that did not.
        const landed = outcomes.filter((o) => o.landed).length;
        const log = await readAllOf(store, p, start, 100, landed * 4);
        for (const o of outcomes) {
          const seen = log.filter((e) => e.streamId.startsWith(`${p}${o.round}-`) && e.type === o.tag).length;
          expect(seen, `round ${o.round}, batch ${o.tag} in the log`).toBe(o.landed ? 2 : 0);
        }
      });

    it('wakes subscribers when events land, naming their types or none', async () => {
      const store = await make();
      const woke: (string[] | undefined)[] = [];
      const stop = await store.subscribe((types) => woke.push(types));
      const type = `Woke-${randomUUID()}`;
      await store.append(`w-${randomUUID()}`, [{ type, data: {} }], 'any');
      const until = Date.now() + 5000;
      while (woke.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      await stop();
      expect(woke.length).toBeGreaterThan(0);
      // A wake names the types that landed, or none (any may have): never only others.
      for (const types of woke) if (types) expect(types).toContain(type);
    });

    it('holds back no event once its writers are done: readAll then reads up to the head', async () => {
      const store = await make();
      const s = `h-${randomUUID()}`;
      const { checkpoint } = await store.append(s, [ev(1)], 'no_stream');
      // (Postgres: another database's transaction may hold readers back a moment; the server is shared.)
      const until = Date.now() + 10_000;
      while ((await store.heldBack()) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(await store.heldBack()).toBe(false);
      const read = await store.readAll({ after: null, limit: 1_000_000 });
      expect(read.some((e) => e.checkpoint === checkpoint)).toBe(true);
    });
  });
}
