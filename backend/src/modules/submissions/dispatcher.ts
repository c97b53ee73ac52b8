import { pickFair, runKey, type QueuedRun, type SubmissionRun, type WorkflowEngine } from '@fp/workflows';
import { sql } from 'kysely';
import { AsyncResource } from 'node:async_hooks';
import type { AppContext } from '../../platform/context';

const POLL_MS = 2000;
/**
 * After new work is announced, look again shortly: the submit answers before the read model shows
 * its rows (the projection follows within milliseconds), and the fair queue reads the queue there.
 */
const SETTLE_MS = [60, 200, 600, 1500];

/** The run's key as a SQL expression over a `submissions` row `s` (runKey: the attempt, or `<attempt>.<phase>`). */
const RUN_KEY = sql`(case when s.input_phase > 0 then s.attempt_id || '.' || s.input_phase::text else s.attempt_id end)`;

export interface FairQueueSettings {
  /** Worker slots this dispatcher fills (WORKER_CONCURRENCY). */
  slots: number;
  /** At most this many per founder (WORKER_PER_FOUNDER). */
  perFounder: number;
  /** Whose dispatches these are (the engine's worker id): the slots counted are those of runs this dispatcher handed over. */
  dispatcher: string;
}

export interface Dispatcher {
  /** Runs recorded by this process: look for them now (they start when the fair queue says so). */
  dispatch(runs: SubmissionRun[]): void;
  /** Look for work (another process recorded some, or a slot was freed). */
  wake(): void;
  /** A run took (true) or gave back (false) its worker slot: recorded for the queue; a freed slot wakes it. */
  slotChanged(run: SubmissionRun, holdsSlot: boolean): void;
  stop(): Promise<void>;
}

type Queued = QueuedRun<SubmissionRun>;

/**
 * The fair queue in front of the workflow engine (DBOS or Temporal alike): the submission events
 * are the outbox, the read model's pending runs are the queue, and the engine gets a run only when
 * a worker slot is free for it, chosen by `pickFair` (round-robin by founder, at most
 * WORKER_PER_FOUNDER slots each). A run paused for its founder (a takeover, or answers) holds no
 * slot. Slots are counted in `submission_dispatches` (`holds_slot`), written by the worker as runs
 * take, give back and take again their slot, so the count does not wait for the read model.
 *
 * A crash loses nothing: a run is handed to the engine before its dispatch is recorded, so an
 * unrecorded one is handed over again at the next round, and the engine ignores a workflow id it
 * already has.
 */
export function startDispatcher(
  ctx: Pick<AppContext, 'db'>,
  engine: WorkflowEngine,
  queue: FairQueueSettings,
  log: (m: string) => void,
): Dispatcher {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let lastServed: Record<string, number> = {};
  let served = 0;
  const settleTimers = new Set<NodeJS.Timeout>();
  const slotWrites = new Map<string, Promise<void>>();

  /** Slots held now by this dispatcher's runs, per founder; a run the read model shows ended or paused never counts. */
  async function held(): Promise<Record<string, number>> {
    const rows = await ctx.db
      .selectFrom('submission_dispatches as d')
      .innerJoin('submissions as s', (j) =>
        j.onRef('s.id', '=', 'd.submission_id').on(sql<boolean>`d.attempt_id = ${RUN_KEY}`),
      )
      .select(['d.user_id', sql<number>`count(*)::int`.as('n')])
      .where('d.dispatcher', '=', queue.dispatcher)
      .where('d.holds_slot', '=', true)
      .where('s.status', 'in', ['pending', 'processing'])
      .where(sql<boolean>`coalesce(s.sub_status, '') not in ('waiting_for_takeover', 'waiting_for_input')`)
      .groupBy('d.user_id')
      .execute();
    return Object.fromEntries((rows as { user_id: string; n: number }[]).map((r) => [r.user_id, r.n]));
  }

  /** The oldest `perFounder` undispatched pending runs of every founder with any. */
  async function queued(perFounder: number): Promise<Queued[]> {
    const rows = await sql<{
      id: string;
      attempt_id: string;
      input_phase: number;
      user_id: string;
      submitted_at: Date;
    }>`
      select id, attempt_id, input_phase, user_id, submitted_at from (
        select s.id, s.attempt_id, s.input_phase, s.user_id, s.submitted_at,
               row_number() over (partition by s.user_id order by s.submitted_at, s.id) as n
        from submissions s
        where s.status = 'pending'
          and not exists (select 1 from submission_dispatches d where d.attempt_id = ${RUN_KEY})
      ) q
      where n <= ${perFounder}`.execute(ctx.db);
    return rows.rows.map((r) => ({
      run: { submissionId: r.id, attemptId: r.attempt_id, ...(r.input_phase ? { phase: r.input_phase } : {}) },
      founder: r.user_id,
      queuedAt: new Date(r.submitted_at).getTime(),
    }));
  }

  async function hand(picks: Queued[]) {
    if (!picks.length) return;
    await engine.enqueue(picks.map((q) => q.run));
    await ctx.db
      .insertInto('submission_dispatches')
      .values(
        picks.map((q) => ({
          attempt_id: runKey(q.run),
          engine: engine.kind,
          dispatcher: queue.dispatcher,
          user_id: q.founder,
          submission_id: q.run.submissionId,
          holds_slot: true,
        })),
      )
      .onConflict((oc) => oc.column('attempt_id').doNothing())
      .execute();
  }

  async function round() {
    do {
      again = false;
      if (stopped) return;
      const holding = await held();
      const free = queue.slots - Object.values(holding).reduce((a, b) => a + b, 0);
      if (free <= 0) return;
      const waiting = await queued(Math.min(free, queue.perFounder));
      if (!waiting.length) return;
      const founders = new Set(waiting.map((q) => q.founder));
      // Only founders still waiting are remembered: one who comes back later counts as not served lately.
      const pick = pickFair({
        queued: waiting,
        running: holding,
        slots: queue.slots,
        perFounder: queue.perFounder,
        lastServed: Object.fromEntries(Object.entries(lastServed).filter(([f]) => founders.has(f))),
        served,
      });
      lastServed = pick.lastServed;
      served = pick.served;
      await hand(pick.start);
    } while (again && !stopped);
  }

  // Bound to the dispatcher's own async context: a slot is given back from inside an engine's step,
  // and DBOS refuses to start workflows from a step's context (which would otherwise carry over).
  const tick = AsyncResource.bind(() => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = round()
      .catch((err) => log(`[submissions] dispatch failed (will retry): ${(err as Error).message}`))
      .finally(() => {
        running = null;
        if (again && !stopped) tick();
      });
  });

  const settle = () => {
    tick();
    for (const ms of SETTLE_MS) {
      const t = setTimeout(() => {
        settleTimers.delete(t);
        tick();
      }, ms);
      t.unref();
      settleTimers.add(t);
    }
  };

  const timer = setInterval(tick, POLL_MS);
  timer.unref();
  tick();

  return {
    dispatch: () => settle(),
    wake: settle,
    slotChanged(run, holdsSlot) {
      // A run interrupted by the shutdown keeps its slot on record: the next start resumes it.
      if (stopped) return;
      // One write at a time per run, in order: a pause and the hand-back after it must land in that order.
      const key = runKey(run);
      const next = (slotWrites.get(key) ?? Promise.resolve())
        .then(() =>
          ctx.db
            .updateTable('submission_dispatches')
            .set({ holds_slot: holdsSlot })
            .where('attempt_id', '=', key)
            .execute(),
        )
        .then(() => {
          if (!holdsSlot) tick();
        })
        .catch((err) => log(`[submissions] slot of ${key} not recorded: ${(err as Error).message}`));
      slotWrites.set(key, next);
      void next.finally(() => {
        if (slotWrites.get(key) === next) slotWrites.delete(key);
      });
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      for (const t of settleTimers) clearTimeout(t);
      settleTimers.clear();
      await running;
      await Promise.all(slotWrites.values());
    },
  };
}
