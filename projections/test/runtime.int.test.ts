import { PostgresEventStore, createTestDatabase, type EventStore, type TestDatabase } from '@fp/infra';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { collectEffects, ProjectionRunner, type Projection } from '../src/runtime';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
  await tdb.pool.query('create table tally (k text primary key, n int not null)');
});
afterAll(async () => tdb?.drop());

const tally: Projection = {
  name: 'tally',
  eventTypes: ['Counted'],
  tables: ['tally'],
  async apply(tx, events) {
    for (const e of events) {
      await tx
        .insertInto('tally')
        .values({ k: e.data.k, n: 1 })
        .onConflict((oc) => oc.column('k').doUpdateSet((eb) => ({ n: eb('tally.n', '+', 1) })))
        .execute();
    }
  },
};

/** The store, counting what the runner asks of it: reads of the log, and each sweep's held-back answer. */
function counted(store: EventStore) {
  const n = { reads: 0, held: 0, sweeps: [] as boolean[] };
  const wrapped = new Proxy(store, {
    get(target, key) {
      const value = Reflect.get(target, key) as unknown;
      if (typeof value !== 'function') return value;
      const fn = value as (...a: unknown[]) => Promise<unknown>;
      return async (...args: unknown[]) => {
        if (key === 'readAll') n.reads++;
        const out = await fn.apply(target, args);
        if (key === 'heldBack') {
          n.sweeps.push(out === true);
          if (out === true) n.held++;
        }
        return out;
      };
    },
  });
  return { store: wrapped, n };
}

/** Waits for `ok`, polling every 20 ms, at most `ms`. */
async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A runner of `tally` on a counted store, caught up and past its first two sweeps (the first wakes every projection: it has seen no head before). */
async function sweptTally() {
  const { store, n } = counted(new PostgresEventStore(tdb.pool));
  const runner = new ProjectionRunner(tdb.db, store, tdb.pool, [tally], () => undefined);
  await runner.start();
  await runner.waitFor();
  await until('the first two sweeps', () => n.sweeps.length >= 2);
  return { store, n, runner };
}

describe('projection runner', () => {
  it('catches up at start, follows new events, applies each once, and rebuilds to the same rows', async () => {
    const store = new PostgresEventStore(tdb.pool);
    for (let i = 0; i < 30; i++)
      await store.append(
        `t-${i % 5}`,
        [
          { type: 'Counted', data: { k: `k${i % 3}` } },
          { type: 'Ignored', data: {} },
        ],
        'any',
      );
    const runner = new ProjectionRunner(tdb.db, store, tdb.pool, [tally], () => {});
    await runner.start();
    await runner.waitFor();
    const rows = async () => (await tdb.pool.query('select k, n from tally order by k')).rows;
    expect(await rows()).toEqual([
      { k: 'k0', n: 10 },
      { k: 'k1', n: 10 },
      { k: 'k2', n: 10 },
    ]);
    // Follows new events promptly (woken by the store, not by the test).
    const t0 = performance.now();
    const r = await store.append('t-new', [{ type: 'Counted', data: { k: 'k9' } }], 'no_stream');
    await runner.waitFor(r.checkpoint);
    expect(performance.now() - t0).toBeLessThan(1000);
    expect((await rows()).find((x) => x.k === 'k9')).toEqual({ k: 'k9', n: 1 });
    const live = await rows();
    const [rebuilt] = await runner.rebuild('tally');
    expect(rebuilt).toMatchObject({ name: 'tally', events: 31 });
    expect(await rows()).toEqual(live);
    const [status] = await runner.status();
    expect(status).toMatchObject({ name: 'tally', status: 'running', lag: 0, error: null });
    await runner.stop();
    // A restart resumes at the checkpoint: nothing applied twice.
    const again = new ProjectionRunner(tdb.db, store, tdb.pool, [tally], () => {});
    await again.start();
    await again.waitFor();
    expect(await rows()).toEqual(live);
    await again.stop();
  });

  it('stops a failing projection with a visible status instead of skipping events', async () => {
    const store = new PostgresEventStore(tdb.pool);
    await tdb.pool.query('create table seen (id text primary key)');
    const fragile: Projection = {
      name: 'fragile',
      eventTypes: ['Fragile'],
      tables: ['seen'],
      async apply(tx, events) {
        for (const e of events) {
          if (e.data.poison) throw new Error('cannot handle poison');
          await tx
            .insertInto('seen')
            .values({ id: String(e.data.n) })
            .execute();
        }
      },
    };
    await store.append('f-1', [{ type: 'Fragile', data: { n: 1 } }], 'any');
    await store.append('f-1', [{ type: 'Fragile', data: { n: 2, poison: true } }], 'any');
    await store.append('f-1', [{ type: 'Fragile', data: { n: 3 } }], 'any');
    const logs: string[] = [];
    const runner = new ProjectionRunner(tdb.db, store, tdb.pool, [fragile], (m) => logs.push(m));
    try {
      await runner.start();
      let status = (await runner.status())[0]!;
      for (let i = 0; i < 500 && status.status !== 'failed'; i++) {
        await new Promise((r) => setTimeout(r, 10));
        status = (await runner.status())[0]!;
      }
      expect(status.status).toBe('failed');
      expect(status.error).toBe('cannot handle poison');
      expect(status.lag).toBeGreaterThan(0);
      expect(logs.join('\n')).toMatch(/fragile stopped/);
      // The batch with the poison event was rolled back whole and nothing after it was applied. The
      // event before it may have come in an earlier batch: the server's xmin is shared with other
      // test databases, so the runner can see the first append before the other two.
      const seen = (await tdb.pool.query('select id from seen order by id')).rows.map((r) => r.id);
      expect(['', '1']).toContain(seen.join(','));
    } finally {
      await runner.stop();
    }
  });

  it('carries out asked effects after the batch commits, on a connection of their own, in order, again after a failure', async () => {
    const store = new PostgresEventStore(tdb.pool);
    await tdb.pool.query('create table greeted (k text primary key)');
    const done: string[] = [];
    let failures = 1;
    let inBatch = 0;
    const greeter: Projection = {
      name: 'greeter',
      eventTypes: ['Greet'],
      tables: ['greeted'],
      effects: {
        async greet(p: { k: string }) {
          // Not inside a batch: the batch's connection is given back before an effect runs.
          expect(inBatch).toBe(0);
          if (p.k === 'g2' && failures-- > 0) throw new Error('mail server away');
          // Its own connection, with the batch committed: the row is there.
          const row = await tdb.pool.query('select k from greeted where k = $1', [p.k]);
          expect(row.rows).toHaveLength(1);
          done.push(p.k);
        },
      },
      async apply(tx, events, effects) {
        inBatch++;
        try {
          for (const e of events) {
            await tx.insertInto('greeted').values({ k: e.data.k }).execute();
            effects.ask('greet', { k: e.data.k });
          }
        } finally {
          inBatch--;
        }
      },
    };
    for (const k of ['g1', 'g2', 'g3']) await store.append(`g-${k}`, [{ type: 'Greet', data: { k } }], 'no_stream');
    const logs: string[] = [];
    const runner = new ProjectionRunner(tdb.db, store, tdb.pool, [greeter], (m) => logs.push(m));
    try {
      await runner.start();
      // Caught up means the asked effects are carried out too — but not one waiting to be tried again.
      await runner.waitFor(undefined, 15_000);
      expect(done[0]).toBe('g1');
      for (const until = Date.now() + 15_000; done.length < 3 && Date.now() < until;)
        await new Promise((r) => setTimeout(r, 50));
      expect(done).toEqual(['g1', 'g2', 'g3']);
      await runner.waitFor(undefined, 15_000);
      expect(logs.join('\n')).toMatch(/effect greet failed \(try 1\), will retry: mail server away/);
      expect((await tdb.pool.query('select count(*)::int as n from projection_effects')).rows[0].n).toBe(0);
      // A projection applied by hand (collectEffects) refuses an effect it does not declare, like the runner.
      expect(() => collectEffects(greeter).ask('nope', {})).toThrow(/no effect 'nope'/);
    } finally {
      await runner.stop();
    }
  });

  it('waits for the events an effect wrote: caught up includes what another projection makes of them', async () => {
    const store = new PostgresEventStore(tdb.pool);
    await tdb.pool.query('create table outbox (k text primary key)');
    // Like a notifier whose e-mail is queued as an event that the mailbox projection then lists.
    const asker: Projection = {
      name: 'asker',
      eventTypes: ['Visited'],
      tables: [],
      effects: {
        async queue(p: { k: string }) {
          // The second mail takes a moment: by then the outbox has applied the first, past the head waited for.
          if (p.k === 'v2') await new Promise((r) => setTimeout(r, 300));
          await store.append(`mail-${p.k}`, [{ type: 'Queued', data: { k: p.k } }], 'no_stream');
        },
      },
      async apply(_tx, events, effects) {
        for (const e of events) effects.ask('queue', { k: e.data.k });
      },
    };
    const outbox: Projection = {
      name: 'outbox',
      eventTypes: ['Queued'],
      tables: ['outbox'],
      async apply(tx, events) {
        for (const e of events) {
          if (e.data.k === 'v2') await new Promise((r) => setTimeout(r, 300)); // a busy database
          await tx.insertInto('outbox').values({ k: e.data.k }).execute();
        }
      },
    };
    const runner = new ProjectionRunner(tdb.db, store, tdb.pool, [asker, outbox], () => undefined);
    try {
      await runner.start();
      await store.append(
        'visits',
        [
          { type: 'Visited', data: { k: 'v1' } },
          { type: 'Visited', data: { k: 'v2' } },
        ],
        'no_stream',
      );
      await runner.waitFor(undefined, 15_000);
      const rows = await tdb.pool.query('select k from outbox order by k');
      expect(rows.rows.map((r) => r.k)).toEqual(['v1', 'v2']);
    } finally {
      await runner.stop();
    }
  });

  it('reads an event an older transaction held back once that ends, with no new event or notification to say so', async () => {
    await tdb.pool.query('create table held (k text primary key)');
    const held: Projection = {
      name: 'held',
      eventTypes: ['Held'],
      tables: ['held'],
      async apply(tx, events) {
        for (const e of events) await tx.insertInto('held').values({ k: e.data.k }).execute();
      },
    };
    const { store, n } = counted(new PostgresEventStore(tdb.pool));
    const runner = new ProjectionRunner(tdb.db, store, tdb.pool, [held], () => undefined);
    const older = await tdb.pool.connect();
    try {
      await runner.start();
      await runner.waitFor();
      // An older transaction in flight (an id, no event, so its end notifies nobody) holds the new event back.
      await older.query('begin');
      await older.query('select pg_current_xact_id()');
      await new PostgresEventStore(tdb.pool).append('held-1', [{ type: 'Held', data: { k: 'h1' } }], 'no_stream');
      await until('two sweeps that saw the event held back', () => n.held >= 2);
      expect((await tdb.pool.query('select k from held')).rows).toEqual([]);
      await older.query('commit');
      // Only a sweep can find it now: the head has not moved since the event, and nothing notifies.
      await until(
        'the held-back event to be applied',
        async () => (await tdb.pool.query('select k from held')).rowCount === 1,
      );
    } finally {
      older.release();
      await runner.stop();
    }
  });

  it('reads nothing while idle: its sweeps ask the store two small questions, not each projection a page', async () => {
    const { n, runner } = await sweptTally();
    try {
      // A quiet window: four sweeps, none of which (nor the one before) found an event held back. (An older
      // transaction anywhere on the shared server may hold one back a moment, and the sweep then reads.)
      for (let attempt = 1; ; attempt++) {
        const start = { reads: n.reads, sweeps: n.sweeps.length };
        await until('four more sweeps', () => n.sweeps.length >= start.sweeps + 4);
        if (!n.sweeps.slice(Math.max(0, start.sweeps - 1)).includes(true)) {
          expect(n.reads - start.reads).toBe(0);
          break;
        }
        if (attempt === 20) throw new Error('no quiet window in 20 tries');
      }
    } finally {
      await runner.stop();
    }
  });

  it('is woken by appends only of the types it reads (its sweeps aside)', async () => {
    const { store, n, runner } = await sweptTally();
    try {
      const start = { reads: n.reads, sweeps: n.sweeps.length };
      // Through the same store: its subscribers are woken directly, with the types, on each append.
      for (let i = 0; i < 20; i++) await store.append(`other-${i}`, [{ type: 'NotCounted', data: {} }], 'no_stream');
      await new Promise((r) => setImmediate(r));
      // Each sweep in between may wake it (the head moved): one read each, at most. Every append did before.
      expect(n.reads - start.reads).toBeLessThanOrEqual(n.sweeps.length - start.sweeps + 1);
      // An event it reads still wakes it at once.
      await store.append('counted-now', [{ type: 'Counted', data: { k: 'woken' } }], 'no_stream');
      await until(
        'the Counted event applied',
        async () => (await tdb.pool.query(`select 1 from tally where k = 'woken'`)).rowCount === 1,
        1_000,
      );
    } finally {
      await runner.stop();
    }
  });
});
