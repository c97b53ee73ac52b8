import { submissionStream } from '@fp/contracts';
import type { SubmissionActivities } from '@fp/workflows';
import { afterAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../src/testing/app';
import { founder, ledgerAuditCli, ledgerOf, outcomesOf, settledSubmissions, testFirmId } from './support';

/**
 * Faults injected into every workflow step (docs/reliability.md): each run's begin and apply throw
 * once with a transient database error, its finish twice, and one firm's apply with an error that
 * is not transient. Every run must still end terminal, with one outcome, charged once, refunded
 * exactly when it failed, and the CLI's ledger audit clean.
 */
const FIRMS = ['sentinel-capital', 'forge-ventures', 'atlas-ventures', 'pinecone-vc', 'granite-growth'];
const BROKEN = 'granite-growth';
const CREDITS = FIRMS.length;

const poolTimeout = () => new Error('timeout exceeded when trying to connect');
const serialization = () =>
  Object.assign(new Error('could not serialize access due to concurrent update'), { code: '40001' });

let app: TestApp | undefined;
afterAll(async () => {
  await app?.runtime.stop();
  await app?.db.drop();
});

it('ends every run terminal with the right credits when each step fails once (finish twice)', async () => {
  const thrown = { begin: 0, apply: 0, finish: 0 };
  const left = new Map<string, { begin: number; apply: number; finish: number }>();
  // The firm a run applies to, from its submission's first event (the log, not a read model that may lag).
  const firmOf = async (submissionId: string) => {
    const { events } = await app!.ctx.store.readStream(submissionStream(submissionId));
    return (events[0]?.data as { vcFirmId?: string } | undefined)?.vcFirmId;
  };
  const faults = (attemptId: string) => {
    let f = left.get(attemptId);
    if (!f) left.set(attemptId, (f = { begin: 1, apply: 1, finish: 2 }));
    return f;
  };
  const inject = (step: 'begin' | 'apply' | 'finish', attemptId: string, error: () => Error) => {
    const f = faults(attemptId);
    if (f[step] > 0) {
      f[step]--;
      thrown[step]++;
      throw error();
    }
  };
  const wrapActivities = (a: SubmissionActivities): SubmissionActivities => ({
    async begin(run, taskId, engine) {
      inject('begin', run.attemptId, poolTimeout);
      return a.begin(run, taskId, engine);
    },
    async apply(run, hooks) {
      if ((await firmOf(run.submissionId)) === testFirmId(BROKEN)) throw new Error('the automation hit a bug');
      inject('apply', run.attemptId, serialization);
      return a.apply(run, hooks);
    },
    async finish(run, outcome) {
      inject('finish', run.attemptId, poolTimeout);
      return a.finish(run, outcome);
    },
  });
  app = await startTestApp({ wrapActivities });
  const user = await founder(app, CREDITS);
  const submitted = await app.api('POST', '/api/submit-to-test-vcs', {
    token: user.token,
    body: { testVcIds: FIRMS.map(testFirmId) },
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const ids = submitted.body.submissionIds as string[];
  expect(ids).toHaveLength(FIRMS.length);
  const rows = await settledSubmissions(app.ctx.pool, ids, 180_000);
  // Every step met its fault: begin and apply once per run, finish twice per run.
  expect(thrown.begin).toBe(FIRMS.length);
  expect(thrown.finish).toBe(2 * FIRMS.length);
  expect(thrown.apply).toBe(FIRMS.length - 1);
  const broken = rows.find((s) => s.vc_firm_id === testFirmId(BROKEN));
  expect(broken).toMatchObject({ status: 'failed', credit_refunded: true });

  for (const id of ids) expect(await outcomesOf(app.ctx.store, id)).toHaveLength(1);
  // The faults are recovered from, not turned into failures: only the broken firm's run fails for them.
  const failedForFaults = (await Promise.all(ids.map((id) => outcomesOf(app!.ctx.store, id))))
    .flat()
    .filter((e) => (e.data as { errorCode?: string }).errorCode === 'step_failed');
  expect(failedForFaults).toHaveLength(1);
  const completed = rows.filter((s) => s.status === 'completed').length;
  const ledger = await ledgerOf(app.ctx.store, user.id);
  expect(ledger.problems).toEqual([]);
  expect(ledger.spent).toHaveLength(FIRMS.length);
  expect(ledger.balance).toBe(CREDITS - completed);
  const audit = await ledgerAuditCli(app.db.url);
  expect(audit.exitCode, audit.output).toBe(0);
  expect(audit.result.ok).toBe(true);
});
