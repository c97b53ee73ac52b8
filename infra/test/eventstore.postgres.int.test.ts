import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPool } from '../src/db';
import { PostgresEventStore } from '../src/eventstore/postgres';
import { ConcurrencyError } from '../src/eventstore/types';
import { createTestDatabase, type TestDatabase } from '../src/testing';
import { eventStoreContract } from './eventstore.contract';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
});
afterAll(async () => tdb?.drop());

eventStoreContract('postgres', async () => new PostgresEventStore(tdb.pool), { multiStream: 'atomic' });

describe('postgres event store: transaction safety', () => {
  it('never lets a reader pass an event whose transaction is still in flight', async () => {
    const store = new PostgresEventStore(tdb.pool);
    const before = await store.head();
    // Transaction A writes first and stays open.
    const a = await tdb.pool.connect();
    await a.query('begin');
    await a.query(`insert into es_streams(stream_id, stream_position) values ('inflight-a', 0)`);
    await a.query(
      `insert into es_events(stream_id, stream_position, event_id, type, data) values ('inflight-a', 0, gen_random_uuid(), 'A', '{}')`,
    );
    // B commits after A started.
    await store.append('inflight-b', [{ type: 'B', data: {} }], 'no_stream');
    const whileOpen = await store.readAll({ after: before, limit: 100 });
    expect(whileOpen.map((e) => e.type)).not.toContain('B');
    expect(whileOpen.map((e) => e.type)).not.toContain('A');
    await a.query('commit');
    a.release();
    // xmin is cluster-wide: a transaction in another test's database may hold readers back a moment.
    let afterCommit = await store.readAll({ after: before, limit: 100 });
    for (let i = 0; i < 500 && afterCommit.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 20));
      afterCommit = await store.readAll({ after: before, limit: 100 });
    }
    expect(afterCommit.map((e) => e.type)).toEqual(['A', 'B']);
  });

  it("wakes its own subscribers once per append, and another store's through NOTIFY, with the types", async () => {
    const a = new PostgresEventStore(tdb.pool);
    const b = new PostgresEventStore(tdb.pool);
    const seenA: (string[] | undefined)[] = [];
    const seenB: (string[] | undefined)[] = [];
    const stopA = await a.subscribe((t) => seenA.push(t));
    const stopB = await b.subscribe((t) => seenB.push(t));
    try {
      await a.append(
        `notify-${Date.now()}`,
        [
          { type: 'FromA', data: {} },
          { type: 'AlsoA', data: {} },
        ],
        'no_stream',
      );
      await b.append(`notify-b-${Date.now()}`, [{ type: 'FromB', data: {} }], 'no_stream');
      // B's append reaches A through NOTIFY after A's own echo would have (one connection, in order).
      const until = Date.now() + 10_000;
      while (!seenA.some((t) => t?.includes('FromB')) && Date.now() < until)
        await new Promise((r) => setTimeout(r, 10));
      expect(seenA).toEqual([['FromA', 'AlsoA'], ['FromB']]);
      while (!seenB.some((t) => t?.includes('FromA')) && Date.now() < until)
        await new Promise((r) => setTimeout(r, 10));
      expect(seenB).toContainEqual(['FromA', 'AlsoA']);
    } finally {
      await stopA();
      await stopB();
    }
  });

  it('says an event is held back while an older transaction is in flight, and not once it ends', async () => {
    const store = new PostgresEventStore(tdb.pool);
    const a = await tdb.pool.connect();
    try {
      await a.query('begin');
      await a.query('select pg_current_xact_id()');
      await store.append(`held-${Date.now()}`, [{ type: 'B', data: {} }], 'no_stream');
      expect(await store.heldBack()).toBe(true);
      await a.query('commit');
    } finally {
      a.release();
    }
    // xmin is cluster-wide: a transaction in another test's database may hold readers back a moment.
    const until = Date.now() + 10_000;
    while ((await store.heldBack()) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(await store.heldBack()).toBe(false);
  });

  it('rolls back a whole append when it fails midway', async () => {
    const store = new PostgresEventStore(tdb.pool);
    const dup = '00000000-0000-4000-8000-000000000001';
    await store.append('atomic-1', [{ type: 'X', data: {}, eventId: dup }], 'no_stream');
    await expect(
      store.append(
        'atomic-2',
        [
          { type: 'Y', data: {} },
          { type: 'Z', data: {}, eventId: dup },
        ],
        'no_stream',
      ),
    ).rejects.toThrow();
    expect((await store.readStream('atomic-2')).revision).toBe(-1);
    // The stream is still creatable: nothing half-written blocks it.
    expect((await store.append('atomic-2', [{ type: 'Y', data: {} }], 'no_stream')).nextRevision).toBe(0);
  });
});

describe('postgres event store: a pool that conflicting appends cannot wedge', () => {
  it('answers every conflicting multi-stream append with a result or a ConcurrencyError when writers outnumber connections', async () => {
    // 4 connections, 48 writers racing on the same two streams: every loser must learn its conflict
    // on the connection it holds. Asking the pool for a second one while holding the first (the old
    // conflict path) leaves every connection held by a loser waiting for a free one: with the acquire
    // timeout those answers turn into timeouts, without it the pool never answers again.
    const pool = createPool(tdb.url, { max: 4, acquireTimeoutMs: 3_000 });
    const store = new PostgresEventStore(pool);
    try {
      await store.appendMany([
        { streamId: 'wedge-a', events: [{ type: 'A', data: {} }], expected: 'no_stream' },
        { streamId: 'wedge-b', events: [{ type: 'B', data: {} }], expected: 'no_stream' },
      ]);
      for (let round = 0; round < 5; round++) {
        const { revision: ra } = await store.readStream('wedge-a');
        const { revision: rb } = await store.readStream('wedge-b');
        const outcomes = await Promise.all(
          Array.from({ length: 48 }, () =>
            store
              .appendMany([
                { streamId: 'wedge-a', events: [{ type: 'A', data: {} }], expected: ra },
                { streamId: 'wedge-b', events: [{ type: 'B', data: {} }], expected: rb },
              ])
              .then(
                () => 'appended',
                (err: Error) => (err instanceof ConcurrencyError ? 'conflict' : `error: ${err.message}`),
              ),
          ),
        );
        expect(outcomes.filter((o) => o === 'appended')).toHaveLength(1);
        expect(outcomes.filter((o) => o !== 'appended' && o !== 'conflict')).toEqual([]);
      }
      // Back to its baseline: nothing is left checked out.
      expect(pool.totalCount - pool.idleCount).toBe(0);
    } finally {
      await pool.end();
    }
  });
});
