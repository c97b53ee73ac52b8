// Long file: the one projection runner (catch-up, follow, advisory-lock ownership, effects, rebuild, waitFor);
// its parts share the slots and their locking, so they stay one class.
import { isDatabaseBusy, openDedicatedClient, type Db, type EventStore, type RecordedEvent, type Tx } from '@fp/infra';
import { sql } from 'kysely';

/**
 * A named projection: applies events to its read-model tables. The runner calls `apply` inside a
 * transaction that also writes the checkpoint, so rows and checkpoint never disagree.
 */
export interface Projection {
  name: string;
  /** Event types it reads (the store filters on them); omit to read every event. */
  eventTypes?: string[];
  /** Tables it owns: emptied before a rebuild. */
  tables: string[];
  apply(tx: Tx, events: RecordedEvent[], effects: Effects): Promise<void>;
  /**
   * What its apply may ask to happen outside its read model (a command to another module, a mail), by
   * kind. An asked effect is written with the batch (projection_effects, in the transaction of the rows
   * and the checkpoint) and carried out after the commit, on connections of its own: the batch never
   * holds its connection while an effect waits for another. Handlers must be idempotent (a crash
   * after the commit runs them again); a failing one is tried again with growing pauses, in order.
   */
  effects?: Record<string, (payload: any) => Promise<void>>;
  /** Optional extra work after a rebuild's truncate (e.g. clearing a search index). */
  reset?(tx: Tx): Promise<void>;
  /** Events per transaction (default 2000); smaller for projections whose events are large. */
  batchSize?: number;
}

/** Given to apply: asks for one of the projection's effects, carried out once the batch is committed. */
export interface Effects {
  ask(kind: string, payload: unknown): void;
}

/** Effects asked outside a runner (a test applying a projection by hand): kept, then run with `run()`. */
export function collectEffects(projection: Projection): Effects & { run(): Promise<void> } {
  const asked: Array<[string, unknown]> = [];
  return {
    ask: (kind, payload) => {
      effectHandler(projection, kind);
      asked.push([kind, JSON.parse(JSON.stringify(payload))]);
    },
    async run() {
      for (const [kind, payload] of asked.splice(0)) await effectHandler(projection, kind)(payload);
    },
  };
}

function effectHandler(projection: Projection, kind: string): (payload: unknown) => Promise<void> {
  const handler = projection.effects?.[kind];
  if (!handler) throw new Error(`Projection ${projection.name} has no effect '${kind}'`);
  return handler;
}

export interface ProjectionStatus {
  name: string;
  status: 'running' | 'failed' | 'standby' | 'stopped';
  /** Sequence number of the last applied event (display only). */
  position: number;
  checkpoint: string | null;
  /** Events in the log it has not applied yet. */
  lag: number;
  error: string | null;
}

interface Slot {
  projection: Projection;
  checkpoint: string | null;
  position: number;
  status: ProjectionStatus['status'];
  error: string | null;
  running: boolean;
  again: boolean;
  /** Effects written and not yet carried out (as this runner knows them); checked in the table now and then. */
  effectsPending: number;
  effectsCheckedAt: number;
  effectsRetryAt: number;
  /** A run ended before it read the log to its end (the database was busy, the runner stopping). */
  behind: boolean;
}

/** A failing effect is tried again after 0.5 s, 1 s, 2 s … up to a minute; past this many tries the projection stops. */
const EFFECT_TRIES = 12;
const EFFECT_MAX_PAUSE_MS = 60_000;
/** How often a runner looks for effects another process wrote (a rebuild from the CLI). */
const EFFECT_CHECK_MS = 5_000;

const BATCH = 2000;
/** Rebuilds replay history in larger pages: fewer round trips and transactions. */
const REBUILD_BATCH = 5000;

/**
 * Runs projections against the global log: catches up at start, then follows new events as the
 * store wakes it (LISTEN/NOTIFY on Postgres), with a slow poll as a safety net. A failing projection
 * stops with its error recorded (visible in /api/health) instead of skipping events.
 * One process runs each projection: a Postgres advisory lock per projection makes others stand by.
 */
export class ProjectionRunner {
  private readonly slots = new Map<string, Slot>();
  private unsubscribe?: () => Promise<void>;
  private poll?: NodeJS.Timeout;
  private lockClient?: import('pg').Client;
  private lockQueue: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private waiters: Array<() => void> = [];
  private sweeping = false;
  /** What the last safety-net pass saw (head unknown at first: the first pass wakes every projection). */
  private swept: { head: string | null | undefined; held: boolean } = { head: undefined, held: false };
  /** Effects carried out so far: an effect's own events (a queued mail) are past the head a waitFor aimed at. */
  private effectsDone = 0;

  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    private readonly pool: import('pg').Pool,
    projections: Projection[],
    private readonly log: (msg: string) => void = (m) => console.log(m),
  ) {
    this.add(projections);
  }

  /** Registers projections before start (the composition root adds each module's as it builds it). */
  add(projections: Projection[]): void {
    for (const p of projections) {
      if (this.slots.has(p.name)) throw new Error(`Duplicate projection ${p.name}`);
      this.slots.set(p.name, {
        projection: p,
        checkpoint: null,
        position: 0,
        status: 'standby',
        error: null,
        running: false,
        again: false,
        effectsPending: 0,
        effectsCheckedAt: 0,
        effectsRetryAt: 0,
        behind: false,
      });
    }
  }

  get names(): string[] {
    return [...this.slots.keys()];
  }

  async start(): Promise<void> {
    this.stopped = false;
    // Session advisory locks live as long as this connection: it is one of its own, not the pool's.
    this.lockClient = await openDedicatedClient(this.pool, 'fundflow projection locks');
    for (const slot of this.slots.values()) await this.load(slot);
    this.unsubscribe = await this.store.subscribe((types) => this.wakeReaders(types));
    // Safety net for missed notifications and for events held back by a transaction still in flight.
    this.poll = setInterval(() => void this.sweep(), 250);
    this.wakeAll();
  }

  /**
   * The safety net's pass: two small queries, and each projection reads the log only when something
   * may be new to it. Waking every projection on every pass cost an idle app about 100 reads a second:
   * most of its Postgres's CPU. A pass wakes them all when the head moved, or when an event is held
   * back now or was at the last pass (it may have become readable since, with no new event or
   * notification to say so). Besides, it wakes a projection that stands by (it tries for the lock), one
   * whose last run stopped short, and one whose effects are due.
   */
  private async sweep() {
    if (this.stopped || this.sweeping) return;
    this.sweeping = true;
    try {
      const head = await this.store.head();
      const held = await this.store.heldBack();
      const maybeNew = head !== this.swept.head || held || this.swept.held;
      this.swept = { head, held };
      for (const slot of this.slots.values())
        if (maybeNew || slot.status === 'standby' || slot.behind || this.effectsDue(slot)) void this.run(slot);
    } catch {
      // A busy database: every projection tries as before the sweep had two queries of its own (each logs it).
      this.wakeAll();
    } finally {
      this.sweeping = false;
    }
  }

  private effectsDue(slot: Slot): boolean {
    if (!slot.projection.effects) return false;
    return slot.effectsPending > 0
      ? Date.now() >= slot.effectsRetryAt
      : Date.now() - slot.effectsCheckedAt >= EFFECT_CHECK_MS;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    await this.unsubscribe?.();
    // Let in-flight batches finish so no transaction is cut off.
    const until = Date.now() + 5000;
    while ([...this.slots.values()].some((s) => s.running) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 10));
    if (this.lockClient) {
      await this.lockQueue;
      await this.lockClient.query('select pg_advisory_unlock_all()').catch(() => undefined);
      await this.lockClient.end().catch(() => undefined);
      this.lockClient = undefined;
    }
    for (const w of this.waiters.splice(0)) w();
  }

  private async load(slot: Slot) {
    const row = await this.db
      .selectFrom('projection_checkpoints')
      .selectAll()
      .where('name', '=', slot.projection.name)
      .executeTakeFirst();
    if (!row) {
      await this.db
        .insertInto('projection_checkpoints')
        .values({ name: slot.projection.name, checkpoint: null, status: 'running' })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    slot.checkpoint = row?.checkpoint ?? null;
    slot.position = row?.applied ?? 0;
    // A projection that failed before stays failed until rebuilt or resumed on purpose.
    slot.status = row?.status === 'failed' ? 'failed' : 'standby';
    slot.error = row?.error ?? null;
  }

  private async acquire(slot: Slot): Promise<boolean> {
    if (slot.status === 'running') return true;
    if (slot.status === 'failed' || !this.lockClient) return false;
    const client = this.lockClient;
    // One client holds every projection lock; its queries must not overlap.
    const attempt = this.lockQueue.then(() =>
      client.query('select pg_try_advisory_lock(hashtext($1)) as ok', [`projection:${slot.projection.name}`]),
    );
    this.lockQueue = attempt.catch(() => undefined);
    const r = await attempt;
    if (!r.rows[0].ok) return false;
    // Another process may have advanced it while we stood by.
    await this.load(slot);
    if ((slot.status as ProjectionStatus['status']) === 'failed') return false;
    slot.status = 'running';
    return true;
  }

  private wakeAll() {
    if (this.stopped) return;
    for (const slot of this.slots.values()) void this.run(slot);
  }

  /** Wakes the projections that read any of these types (all of them when the types are not known). */
  private wakeReaders(types: string[] | undefined) {
    if (this.stopped) return;
    if (!types) return this.wakeAll();
    for (const slot of this.slots.values()) {
      const reads = slot.projection.eventTypes;
      if (!reads?.length || reads.some((t) => types.includes(t))) void this.run(slot);
    }
  }

  private async run(slot: Slot): Promise<void> {
    if (slot.running) {
      slot.again = true;
      return;
    }
    slot.running = true;
    try {
      if (!(await this.acquire(slot))) return;
      slot.behind = true;
      await this.runEffects(slot);
      do {
        slot.again = false;
        while (!this.stopped && slot.status === 'running') {
          const batch = await this.store.readAll({
            after: slot.checkpoint,
            limit: slot.projection.batchSize ?? BATCH,
            types: slot.projection.eventTypes,
          });
          if (batch.length === 0) {
            slot.behind = false;
            break;
          }
          await this.applyBatch(slot, batch);
          await this.runEffects(slot);
        }
      } while (slot.again && !this.stopped && slot.status === 'running');
    } catch (err) {
      // A busy database (no free connection in time, a statement over its limit) is not a broken
      // projection: the batch was rolled back whole, and the next sweep (250 ms) tries again (behind).
      if (isDatabaseBusy(err))
        this.log(`[projections] ${slot.projection.name}: database busy, will retry (${(err as Error).message})`);
      else await this.fail(slot, err as Error);
    } finally {
      slot.running = false;
      this.notifyWaiters();
    }
  }

  private async applyBatch(slot: Slot, batch: RecordedEvent[]) {
    const last = batch[batch.length - 1]!;
    const asked: Array<{ projection: string; kind: string; payload: string }> = [];
    const effects: Effects = {
      ask: (kind, payload) => {
        effectHandler(slot.projection, kind);
        asked.push({ projection: slot.projection.name, kind, payload: JSON.stringify(payload) });
      },
    };
    await this.db.transaction().execute(async (tx) => {
      asked.length = 0;
      await slot.projection.apply(tx, batch, effects);
      for (let i = 0; i < asked.length; i += 500)
        await tx
          .insertInto('projection_effects')
          .values(asked.slice(i, i + 500))
          .execute();
      await tx
        .updateTable('projection_checkpoints')
        .set({
          checkpoint: last.checkpoint,
          applied: last.sequence,
          status: 'running',
          error: null,
          updated_at: sql`now()`,
        })
        .where('name', '=', slot.projection.name)
        .execute();
    });
    slot.checkpoint = last.checkpoint;
    slot.position = last.sequence;
    slot.effectsPending += asked.length;
  }

  /**
   * Carries out the effects the projection's committed batches asked for, oldest first, each on its own
   * connections, deleting each once done. A failure stops the pass (later effects wait, keeping the
   * order) and is tried again after a growing pause; after EFFECT_TRIES the projection stops as failed.
   */
  private async runEffects(slot: Slot): Promise<void> {
    const name = slot.projection.name;
    if (!slot.projection.effects || this.stopped || Date.now() < slot.effectsRetryAt) return;
    if (slot.effectsPending === 0 && Date.now() - slot.effectsCheckedAt < EFFECT_CHECK_MS) return;
    slot.effectsCheckedAt = Date.now();
    for (;;) {
      const rows = await this.db
        .selectFrom('projection_effects')
        .select(['id', 'kind', 'payload', 'attempts'])
        .where('projection', '=', name)
        .orderBy('id')
        .limit(100)
        .execute();
      if (!rows.length) {
        slot.effectsPending = 0;
        return;
      }
      slot.effectsPending = Math.max(slot.effectsPending, rows.length);
      for (const row of rows) {
        if (this.stopped) return;
        try {
          await effectHandler(slot.projection, row.kind as string)(row.payload);
        } catch (err) {
          const attempts = (row.attempts as number) + 1;
          const message = (err as Error).message;
          await this.db
            .updateTable('projection_effects')
            .set({ attempts, last_error: message })
            .where('id', '=', row.id)
            .execute()
            .catch(() => undefined);
          slot.effectsRetryAt = Date.now() + Math.min(EFFECT_MAX_PAUSE_MS, 250 * 2 ** attempts);
          if (attempts >= EFFECT_TRIES)
            await this.fail(slot, new Error(`effect ${row.kind as string} failed ${attempts} times: ${message}`));
          else
            this.log(
              `[projections] ${name}: effect ${row.kind as string} failed (try ${attempts}), will retry: ${message}`,
            );
          return;
        }
        this.effectsDone++;
        await this.db.deleteFrom('projection_effects').where('id', '=', row.id).execute();
        slot.effectsPending = Math.max(0, slot.effectsPending - 1);
      }
    }
  }

  private async fail(slot: Slot, err: Error) {
    slot.status = 'failed';
    slot.error = err.message;
    this.log(`[projections] ${slot.projection.name} stopped: ${err.stack ?? err.message}`);
    await this.db
      .updateTable('projection_checkpoints')
      .set({ status: 'failed', error: err.message, updated_at: sql`now()` })
      .where('name', '=', slot.projection.name)
      .execute()
      .catch(() => undefined);
  }

  /** Empties a projection's tables and replays the whole log into them (all when no name). */
  async rebuild(name?: string): Promise<{ name: string; events: number; ms: number }[]> {
    const targets = name ? [this.slotOf(name)] : [...this.slots.values()];
    const results = [];
    for (const slot of targets) {
      const started = performance.now();
      await this.ownForRebuild(slot);
      while (slot.running) await new Promise((r) => setTimeout(r, 5));
      slot.running = true;
      let events = 0;
      try {
        await this.db.transaction().execute(async (tx) => {
          for (const t of slot.projection.tables) await sql`truncate table ${sql.table(t)}`.execute(tx);
          await slot.projection.reset?.(tx);
          await tx
            .updateTable('projection_checkpoints')
            .set({ checkpoint: null, applied: 0, status: 'running', error: null, updated_at: sql`now()` })
            .where('name', '=', slot.projection.name)
            .execute();
        });
        slot.checkpoint = null;
        slot.position = 0;
        slot.status = 'running';
        slot.error = null;
        // The next page is read while this one is applied (another connection): reading and
        // writing overlap instead of taking turns.
        const read = (after: string | null) =>
          this.store.readAll({
            after,
            limit: slot.projection.batchSize ?? REBUILD_BATCH,
            types: slot.projection.eventTypes,
          });
        let next = read(slot.checkpoint);
        for (;;) {
          const batch = await next;
          if (!batch.length) break;
          next = read(batch[batch.length - 1]!.checkpoint);
          // An error of the read ahead is seen when it is awaited, not as an unhandled rejection.
          next.catch(() => undefined);
          await this.applyBatch(slot, batch);
          events += batch.length;
        }
      } catch (err) {
        await this.fail(slot, err as Error);
        throw err;
      } finally {
        slot.running = false;
      }
      results.push({ name: slot.projection.name, events, ms: Math.round(performance.now() - started) });
    }
    return results;
  }

  /**
   * A rebuild needs the projection to itself: while another process applies events to the same
   * tables, the two deadlock (that process then stops the projection as failed) or apply events
   * twice. So it takes the projection's lock first — a failed projection of this runner included —
   * and refuses when another process holds it (`npm start` or `start:projections` running).
   */
  private async ownForRebuild(slot: Slot): Promise<void> {
    if (slot.status === 'running') return;
    const key = `projection:${slot.projection.name}`;
    let free: boolean;
    if (this.lockClient) {
      const client = this.lockClient;
      const attempt = this.lockQueue.then(() => client.query('select pg_try_advisory_lock(hashtext($1)) as ok', [key]));
      this.lockQueue = attempt.catch(() => undefined);
      free = (await attempt).rows[0].ok;
    } else {
      // A runner that was never started (a bench, a one-off rebuild): refuse only if someone runs it.
      const r = await this.pool.query(
        `select not exists (select 1 from pg_locks where locktype = 'advisory' and granted and objsubid = 1
           and database = (select oid from pg_database where datname = current_database())
           and ((classid::bigint << 32) | objid::bigint) = hashtext($1)::bigint) as ok`,
        [key],
      );
      free = r.rows[0].ok;
    }
    if (!free)
      throw new Error(
        `Projection ${slot.projection.name} is being run by another process: stop it (npm start, or npm run start:projections), then rebuild`,
      );
  }

  /** Clears a failure and lets the projection go on from its checkpoint (after a fix). */
  async resume(name: string) {
    const slot = this.slotOf(name);
    await this.db
      .updateTable('projection_checkpoints')
      .set({ status: 'running', error: null })
      .where('name', '=', name)
      .execute();
    slot.status = 'standby';
    slot.error = null;
    void this.run(slot);
  }

  private slotOf(name: string): Slot {
    const slot = this.slots.get(name);
    if (!slot) throw new Error(`Unknown projection '${name}'. Known: ${this.names.join(', ')}`);
    return slot;
  }

  async status(): Promise<ProjectionStatus[]> {
    const rows = await this.db.selectFrom('projection_checkpoints').selectAll().execute();
    const byName = new Map(rows.map((r: any) => [r.name, r]));
    const out: ProjectionStatus[] = [];
    for (const slot of this.slots.values()) {
      // Another process may own the projection: report what the database says.
      const row: any = byName.get(slot.projection.name);
      const checkpoint = row?.checkpoint ?? slot.checkpoint;
      const lag = await this.store.countAfter(checkpoint, slot.projection.eventTypes);
      out.push({
        name: slot.projection.name,
        status: row?.status === 'failed' ? 'failed' : slot.status,
        position: row?.applied ?? slot.position,
        checkpoint,
        lag,
        error: row?.error ?? slot.error,
      });
    }
    return out;
  }

  /**
   * Resolves once every running projection has applied the log up to `checkpoint` (default: the
   * head now). Tests and read-your-writes answers wait on this instead of sleeping.
   */
  async waitFor(checkpoint?: string | null, timeoutMs = 10_000): Promise<void> {
    let target = checkpoint === undefined ? await this.store.head() : checkpoint;
    if (!target) return;
    const deadline = Date.now() + timeoutMs;
    let effectsSeen = this.effectsDone;
    let followUps = 3; // an effect's events may ask for effects in turn; a busy app's endless stream of them is not ours to wait out
    for (;;) {
      const pending = [];
      for (const slot of this.slots.values()) {
        if (slot.status === 'failed' || slot.status === 'stopped') continue;
        // A projection run by another process: its progress is in the database.
        const checkpoint = slot.status === 'standby' ? await this.storedCheckpoint(slot) : slot.checkpoint;
        // Caught up means its effects carried out too (the mail queued, the card moved).
        const caughtUp =
          this.store.compare(checkpoint, target) >= 0 ||
          // A projection filtered by type may never see an event at the target: done when nothing it reads is left.
          (!slot.running && (await this.store.countAfter(checkpoint, slot.projection.eventTypes)) === 0);
        if (caughtUp && !(await this.effectsWaiting(slot))) continue;
        pending.push(slot.projection.name);
      }
      if (!pending.length) {
        // Effects carried out meanwhile wrote events of their own (a queued mail): wait for those too.
        if (this.effectsDone === effectsSeen || followUps-- === 0) return;
        effectsSeen = this.effectsDone;
        const head = await this.store.head();
        if (!head || this.store.compare(target, head) >= 0) return;
        target = head;
        continue;
      }
      if (Date.now() > deadline)
        throw new Error(`Projections did not catch up in ${timeoutMs} ms: ${pending.join(', ')}`);
      this.wakeAll();
      await new Promise<void>((r) => {
        const t = setTimeout(r, 25);
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }

  /**
   * Effects asked and not yet carried out, not counting one that failed and waits for its next try:
   * a read-your-writes answer waits for the mail it caused to be queued, not for a mail server's outage.
   */
  private async effectsWaiting(slot: Slot): Promise<boolean> {
    if (!slot.projection.effects) return false;
    if (slot.status === 'running') return slot.effectsPending > 0 && Date.now() >= slot.effectsRetryAt;
    // Run by another process: what is left in the table, never tried.
    const row = await this.db
      .selectFrom('projection_effects')
      .select('id')
      .where('projection', '=', slot.projection.name)
      .where('attempts', '=', 0)
      .limit(1)
      .executeTakeFirst();
    return !!row;
  }

  private async storedCheckpoint(slot: Slot): Promise<string | null> {
    const row = await this.db
      .selectFrom('projection_checkpoints')
      .select('checkpoint')
      .where('name', '=', slot.projection.name)
      .executeTakeFirst();
    return (row?.checkpoint as string | undefined) ?? null;
  }

  private notifyWaiters() {
    for (const w of this.waiters.splice(0)) w();
  }
}
