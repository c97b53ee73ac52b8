import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveryActivities } from '../src/engine/discovery';
import {
  MAX_TRIES,
  type AttemptOutcome,
  type SubmissionActivities,
  type SubmissionRun,
  type WorkflowEngine,
} from '../src/engine/port';

/** Scripted application side: what each attempt's apply returns, try after try. */
export class ScriptedActivities implements SubmissionActivities {
  readonly calls: { kind: 'begin' | 'apply' | 'finish'; attemptId: string; at: number; outcome?: AttemptOutcome }[] =
    [];
  readonly scripts = new Map<string, { outcomes: AttemptOutcome[]; proceed?: boolean; delayMs?: number }>();
  readonly stopped: string[] = [];
  /** Injected faults: how many more times each step of an attempt throws, and what. */
  readonly faults = new Map<
    string,
    Partial<Record<'begin' | 'apply' | 'finish', { times: number; error: () => Error }>>
  >();
  running = 0;
  maxRunning = 0;

  private fault(kind: 'begin' | 'apply' | 'finish', attemptId: string) {
    const f = this.faults.get(attemptId)?.[kind];
    if (f && f.times > 0) {
      f.times--;
      throw f.error();
    }
  }
  async begin(run: SubmissionRun) {
    this.calls.push({ kind: 'begin', attemptId: run.attemptId, at: Date.now() });
    this.fault('begin', run.attemptId);
    return this.scripts.get(run.attemptId)?.proceed ?? true;
  }
  async apply(run: SubmissionRun) {
    this.calls.push({ kind: 'apply', attemptId: run.attemptId, at: Date.now() });
    this.fault('apply', run.attemptId);
    const script = this.scripts.get(run.attemptId)!;
    this.running++;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    try {
      await new Promise((r) => setTimeout(r, script.delayMs ?? 20));
      return script.outcomes.length > 1 ? script.outcomes.shift()! : script.outcomes[0]!;
    } finally {
      this.running--;
    }
  }
  async finish(run: SubmissionRun, outcome: AttemptOutcome) {
    this.calls.push({ kind: 'finish', attemptId: run.attemptId, at: Date.now(), outcome });
    this.fault('finish', run.attemptId);
    this.finished.set(run.attemptId, outcome);
  }
  /** The outcome each attempt's finish recorded (a finish that threw recorded nothing). */
  readonly finished = new Map<string, AttemptOutcome>();
  of(attemptId: string, kind?: 'begin' | 'apply' | 'finish') {
    return this.calls.filter((c) => c.attemptId === attemptId && (!kind || c.kind === kind));
  }

  /** The registry's discovery job: how many firms each batch checks, batch after batch (then 0). */
  readonly batches = new Map<string, number[]>();
  readonly discoveryCalls: { kind: 'checkNext' | 'finish'; runId: string }[] = [];
  readonly discovery: DiscoveryActivities = {
    checkNext: async (run) => {
      this.discoveryCalls.push({ kind: 'checkNext', runId: run.runId });
      await new Promise((r) => setTimeout(r, 10));
      return this.batches.get(run.runId)?.shift() ?? 0;
    },
    finish: async (run) => {
      this.discoveryCalls.push({ kind: 'finish', runId: run.runId });
    },
  };
}

const outcome = (status: AttemptOutcome['status'], extra: Partial<AttemptOutcome> = {}): AttemptOutcome => ({
  status,
  summary: status,
  aiRecap: status,
  recapSource: 'rules',
  error: status === 'failed' ? 'boom' : null,
  errorCode: null,
  errorKind: status === 'failed' ? 'permanent' : null,
  confirmationText: null,
  fieldsFilled: [],
  screenshot: false,
  finalUrl: null,
  formSent: status === 'completed',
  ...extra,
});

async function finished(acts: ScriptedActivities, attemptId: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const f = acts.finished.get(attemptId);
    if (f) return f;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`run ${attemptId} did not finish`);
}

/**
 * The workflow port's contract: both engines (DBOS, Temporal) must pass it. `make` builds an
 * engine with a concurrency of 2 around the given activities, or returns a reason to skip.
 */
export function engineContract(
  name: string,
  make: (acts: ScriptedActivities, stopLocal: (run: SubmissionRun) => void) => Promise<WorkflowEngine | string>,
  opts: { stepFaults?: boolean } = {},
) {
  describe(`workflow engine contract: ${name}`, () => {
    const acts = new ScriptedActivities();
    const stops: string[] = [];
    let engine: WorkflowEngine | undefined;
    let skip: string | undefined;
    beforeAll(async () => {
      const made = await make(acts, (run) => stops.push(run.attemptId));
      if (typeof made === 'string') {
        skip = made;
        console.log(`[${name}] skipped: ${made}`);
      } else engine = made;
    });
    afterAll(async () => engine?.close());
    const run = (script: { outcomes: AttemptOutcome[]; proceed?: boolean; delayMs?: number }): SubmissionRun => {
      const id = randomUUID();
      acts.scripts.set(id, script);
      return { submissionId: id, attemptId: id };
    };

    it('runs begin, apply and finish once per run, however often it is enqueued', async (t) => {
      if (skip) return t.skip();
      const r = run({ outcomes: [outcome('completed')] });
      await engine!.enqueue([r]);
      await engine!.enqueue([r]);
      expect(await finished(acts, r.attemptId)).toMatchObject({ status: 'completed' });
      await engine!.enqueue([r]);
      await new Promise((res) => setTimeout(res, 1000));
      expect(acts.of(r.attemptId).map((c) => c.kind)).toEqual(['begin', 'apply', 'finish']);
      expect(engine!.taskId(r)).toContain(r.attemptId);
    });

    it('tries a transient failure again with growing pauses, at most MAX_TRIES times', async (t) => {
      if (skip) return t.skip();
      const transient = outcome('failed', { errorKind: 'transient', error: 'timeout' });
      const r = run({ outcomes: [transient, transient, transient, outcome('completed')] });
      await engine!.enqueue([r]);
      expect(await finished(acts, r.attemptId)).toMatchObject({ status: 'failed', errorKind: 'transient' });
      const applies = acts.of(r.attemptId, 'apply');
      expect(applies).toHaveLength(MAX_TRIES);
      const gaps = applies.slice(1).map((a, i) => a.at - applies[i]!.at);
      expect(gaps[0]).toBeGreaterThanOrEqual(900);
      expect(gaps[1]).toBeGreaterThan(gaps[0]!);
    });

    it('recovers from a transient failure when a later try works', async (t) => {
      if (skip) return t.skip();
      const r = run({ outcomes: [outcome('failed', { errorKind: 'transient' }), outcome('completed')] });
      await engine!.enqueue([r]);
      expect(await finished(acts, r.attemptId)).toMatchObject({ status: 'completed' });
      expect(acts.of(r.attemptId, 'apply')).toHaveLength(2);
    });

    it('does not try again after a permanent failure, nor after the form was sent', async (t) => {
      if (skip) return t.skip();
      const permanent = run({ outcomes: [outcome('failed', { errorKind: 'permanent' }), outcome('completed')] });
      const afterSend = run({
        outcomes: [outcome('failed', { errorKind: 'transient', formSent: true }), outcome('completed')],
      });
      await engine!.enqueue([permanent, afterSend]);
      expect(await finished(acts, permanent.attemptId)).toMatchObject({ status: 'failed' });
      expect(await finished(acts, afterSend.attemptId)).toMatchObject({ status: 'failed', formSent: true });
      expect(acts.of(permanent.attemptId, 'apply')).toHaveLength(1);
      expect(acts.of(afterSend.attemptId, 'apply')).toHaveLength(1);
    });

    it('skips apply and finish when begin says the attempt must not run', async (t) => {
      if (skip) return t.skip();
      const r = run({ outcomes: [outcome('completed')], proceed: false });
      await engine!.enqueue([r]);
      const deadline = Date.now() + 10_000;
      while (!acts.of(r.attemptId, 'begin').length && Date.now() < deadline)
        await new Promise((res) => setTimeout(res, 50));
      await new Promise((res) => setTimeout(res, 500));
      expect(acts.of(r.attemptId).map((c) => c.kind)).toEqual(['begin']);
    });

    // A transient database fault (pool acquire timeout, serialization failure) in any step is tried
    // again; a fault that outlasts the tries still ends the run with a recorded outcome.
    const poolTimeout = () => new Error('timeout exceeded when trying to connect');
    const serialization = () => Object.assign(new Error('could not serialize access'), { code: '40001' });

    it.runIf(opts.stepFaults)(
      'tries each step again after a transient fault (begin and apply once, finish twice): the run finishes with its outcome',
      async () => {
        const runs = Array.from({ length: 3 }, () => run({ outcomes: [outcome('completed')] }));
        for (const r of runs)
          acts.faults.set(r.attemptId, {
            begin: { times: 1, error: poolTimeout },
            apply: { times: 1, error: serialization },
            finish: { times: 2, error: poolTimeout },
          });
        await engine!.enqueue(runs);
        for (const r of runs) {
          expect(await finished(acts, r.attemptId)).toMatchObject({ status: 'completed' });
          expect(acts.of(r.attemptId).map((c) => c.kind)).toEqual([
            'begin',
            'begin',
            'apply',
            'apply',
            'finish',
            'finish',
            'finish',
          ]);
        }
      },
    );

    it.runIf(opts.stepFaults)(
      'finishes a run as failed when its begin or apply step fails for good (never left pending)',
      async () => {
        const beginFails = run({ outcomes: [outcome('completed')] });
        const applyFails = run({ outcomes: [outcome('completed')] });
        const broken = () => new Error('the profile could not be read');
        acts.faults.set(beginFails.attemptId, { begin: { times: 1, error: broken } });
        acts.faults.set(applyFails.attemptId, { apply: { times: 1, error: broken } });
        await engine!.enqueue([beginFails, applyFails]);
        for (const r of [beginFails, applyFails])
          expect(await finished(acts, r.attemptId)).toMatchObject({
            status: 'failed',
            errorCode: 'step_failed',
            errorKind: 'permanent',
            formSent: false,
          });
        expect(acts.of(beginFails.attemptId, 'apply')).toHaveLength(0);
      },
    );

    it.runIf(opts.stepFaults)(
      'a run whose finish step fails for good is finished by the recovery path with the outcome apply recorded',
      async () => {
        const r = run({ outcomes: [outcome('completed')] });
        acts.faults.set(r.attemptId, { finish: { times: 1, error: () => new Error('a bug in finish') } });
        await engine!.enqueue([r]);
        expect(await finished(acts, r.attemptId)).toMatchObject({ status: 'completed' });
        expect(acts.of(r.attemptId).map((c) => c.kind)).toEqual(['begin', 'apply', 'finish', 'finish']);
      },
    );

    it('runs at most 2 at a time', async (t) => {
      if (skip) return t.skip();
      acts.maxRunning = 0;
      const runs = Array.from({ length: 6 }, () => run({ outcomes: [outcome('completed')], delayMs: 400 }));
      await engine!.enqueue(runs);
      for (const r of runs) await finished(acts, r.attemptId);
      expect(acts.maxRunning).toBe(2);
    });

    it('passes a stop request to the process that runs the attempt', async (t) => {
      if (skip) return t.skip();
      const r = run({ outcomes: [outcome('completed')] });
      await engine!.requestStop(r);
      expect(stops).toContain(r.attemptId);
    });

    it('runs a discovery run batch after batch until none is left, then finishes it once; starting it again starts nothing', async (t) => {
      if (skip) return t.skip();
      expect(engine!.startDiscovery, 'an engine given discovery activities starts discovery runs').toBeTypeOf(
        'function',
      );
      const runId = randomUUID();
      acts.batches.set(runId, [3, 2]);
      await engine!.startDiscovery!({ runId });
      await engine!.startDiscovery!({ runId });
      const calls = () => acts.discoveryCalls.filter((c) => c.runId === runId).map((c) => c.kind);
      await expect.poll(calls, { timeout: 30_000, interval: 50 }).toContain('finish');
      await engine!.startDiscovery!({ runId });
      await new Promise((res) => setTimeout(res, 1000));
      expect(calls()).toEqual(['checkNext', 'checkNext', 'checkNext', 'finish']);
    });
  });
}
