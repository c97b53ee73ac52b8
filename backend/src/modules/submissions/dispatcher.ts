import { runKey, type SubmissionRun, type WorkflowEngine } from '@fp/workflows';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context';

const BATCH = 200;
const POLL_MS = 2000;

export interface Dispatcher {
  /** Runs recorded by this process: hand them to the engine now. */
  dispatch(runs: SubmissionRun[]): void;
  /** Look for undispatched runs (another process recorded some). */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Hands recorded attempts to the workflow engine, after the submit has answered: the submission
 * events are the outbox. Starting 1,000 durable workflows takes seconds, which the founder does not
 * wait for, and a crash in between loses nothing: pending attempts without a dispatch record are
 * picked up again at the next start (and every few seconds), and the engine ignores a workflow id
 * it already has.
 */
export function startDispatcher(ctx: Pick<AppContext, 'db'>, engine: WorkflowEngine, log: (m: string) => void): Dispatcher {
  const direct: SubmissionRun[] = [];
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function hand(runs: SubmissionRun[]) {
    if (!runs.length) return;
    await engine.enqueue(runs);
    await ctx.db
      .insertInto('submission_dispatches')
      .values(runs.map((r) => ({ attempt_id: runKey(r), engine: engine.kind })))
      .onConflict((oc) => oc.column('attempt_id').doNothing())
      .execute();
  }

  async function undispatched(): Promise<SubmissionRun[]> {
    const rows = await ctx.db
      .selectFrom('submissions as s')
      // Keyed by run: the attempt, or the attempt's run after its nth pause for answers (runKey).
      .leftJoin('submission_dispatches as d', (j) => j.on(sql<boolean>`d.attempt_id = (case when s.input_phase > 0 then s.attempt_id || '.' || s.input_phase::text else s.attempt_id end)`))
      .select(['s.id', 's.attempt_id', 's.input_phase'])
      .where('s.status', '=', 'pending')
      .where('d.attempt_id', 'is', null)
      .orderBy('s.submitted_at')
      .limit(BATCH)
      .execute();
    return (rows as { id: string; attempt_id: string; input_phase: number }[]).map((r) => ({ submissionId: r.id, attemptId: r.attempt_id, ...(r.input_phase ? { phase: r.input_phase } : {}) }));
  }

  async function round() {
    do {
      again = false;
      while (direct.length && !stopped) await hand(direct.splice(0, BATCH));
      if (stopped) return;
      const found = await undispatched();
      await hand(found);
      if (found.length === BATCH) again = true;
    } while ((again || direct.length) && !stopped);
  }

  const tick = () => {
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
  };

  const timer = setInterval(tick, POLL_MS);
  timer.unref();
  tick();

  return {
    dispatch(runs) {
      direct.push(...runs);
      tick();
    },
    wake: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
