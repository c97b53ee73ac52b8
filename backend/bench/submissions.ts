import type { Submission } from '@fp/contracts';
import os from 'node:os';
import { SANDBOX_SITES, samplePdf } from '@fp/workflows/sandbox';
import { startTestApp, type TestApp } from '../src/testing/app';
import { benchPostgres, percentile, round } from './support';
import { SAMPLE_COMPLETE_PROFILE } from '@fp/contracts/testing';

const log = (m: string) => console.error(`[bench] submissions: ${m}`);
const TERMINAL = ['completed', 'failed', 'stopped'];

const PROFILE = SAMPLE_COMPLETE_PROFILE;
// One shared Chromium, a fresh context per run, WORKER_CONCURRENCY runs at a time (the
// throughput figure is for 4, the default here).
const WORKERS = Number(process.env.WORKER_CONCURRENCY) || 4;

export async function founder(app: TestApp, credits: number) {
  const u = await app.createUser();
  const r = await app.api('PATCH', '/api/startup-profile', { token: u.token, body: PROFILE });
  if (r.status !== 200) throw new Error(`profile: ${r.status}`);
  // Forms with a required agreement complete only for founders who allowed accepting terms for them (default off).
  const c = await app.api('PUT', '/api/settings/choices', { token: u.token, body: { acceptTerms: true } });
  if (c.status !== 200) throw new Error(`choices: ${c.status}`);
  // Every founder has a deck file, as a real one would: forms that require one get it.
  await app.services.profile.uploadPitchDeck(u.id, 'bench-deck.pdf', samplePdf('Bench deck'), {
    now: new Date(),
    actor: u.id,
  });
  const g = await app.services.credits.grant(u.id, credits, 'bench', null, { now: new Date(), actor: 'bench' });
  if (g.checkpoint) await app.ctx.projections.waitFor(g.checkpoint, 60_000);
  return u;
}

async function allTerminal(app: TestApp, token: string, n: number, timeoutMs: number): Promise<Submission[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await app.api('GET', '/api/submissions?limit=500', { token });
    const list = r.body.submissions as Submission[];
    if (list.length >= n && list.every((s) => TERMINAL.includes(s.status))) return list;
    if (Date.now() > deadline) return list;
    await new Promise((res) => setTimeout(res, 500));
  }
}

/**
 * Submissions figures, on the embedded engine (DBOS) with WORKERS concurrent runs on one browser:
 *  - one sandbox application, submit to completed (median over completing sites, warm browser);
 *  - 100 test submissions: all reach a terminal state, and how many per minute;
 *  - the API answer for a submit of 1,000 firms (the workflows run afterwards).
 */
export async function bench(): Promise<Record<string, number | string>> {
  const server = await benchPostgres({ durable: false });
  let app: TestApp | undefined;
  try {
    app = await startTestApp({ pgAdminUrl: server.adminUrl, config: { workerConcurrency: WORKERS } });
    const completing = SANDBOX_SITES.filter((s) => s.expectedOutcome === 'completed' && s.kind !== 'slow-page').map(
      (s) => `test_vc_${s.slug}`,
    );

    // 1. One application at a time (after a warm-up that launches DBOS and Chromium).
    const one: number[] = [];
    let completed = 0;
    for (let i = 0; i < completing.length + 1; i++) {
      const u = await founder(app, 1);
      const id = completing[i % completing.length]!;
      const t0 = performance.now();
      const r = await app.api('POST', '/api/submit-to-test-vcs', { token: u.token, body: { testVcIds: [id] } });
      const [s] = await allTerminal(app, u.token, 1, 120_000);
      const ms = performance.now() - t0;
      if (i === 0) continue; // warm-up
      if (r.status !== 200 || !s) throw new Error(`single submit failed: ${r.status}`);
      if (s.status === 'completed') completed++;
      one.push(ms);
    }
    log(
      `one application: median ${Math.round(percentile(one, 50))} ms over ${one.length} sites (${completed} completed)`,
    );

    // 2. 100 test submissions through the engine, WORKERS runs at a time.
    // Five founders, 20 firms each, rotating through every sandbox site (a founder applies to a firm once).
    const users = await Promise.all(Array.from({ length: 5 }, () => founder(app!, 20)));
    // Sites that wait for the founder's answers never end by themselves: not part of a throughput run.
    const allIds = SANDBOX_SITES.filter((s) => s.expectedOutcome !== 'waiting_for_input').map(
      (s) => `test_vc_${s.slug}`,
    );
    const plan = users.map((u, i) => ({
      u,
      ids: Array.from({ length: Math.min(20, allIds.length) }, (_, k) => allIds[(i * 20 + k) % allIds.length]!),
    }));
    const t100 = performance.now();
    for (const p of plan) {
      const r = await app.api('POST', '/api/submit-to-test-vcs', { token: p.u.token, body: { testVcIds: p.ids } });
      if (r.status !== 200) throw new Error(`submit failed: ${r.status} ${JSON.stringify(r.body)}`);
    }
    const lists = await Promise.all(plan.map((p) => allTerminal(app!, p.u.token, p.ids.length, 20 * 60_000)));
    const minutes = (performance.now() - t100) / 60_000;
    const flat = lists.flat();
    const terminal = flat.filter((s) => TERMINAL.includes(s.status)).length;
    log(`100 submissions: ${terminal}/${flat.length} terminal in ${round(minutes * 60, 0)} s`);

    return {
      'submissions.one_application_median_ms': Math.round(percentile(one, 50)),
      'submissions.one_application_median_ms_aim': '<= 3000',
      'submissions.one_application_p90_ms': Math.round(percentile(one, 90)),
      'submissions.one_application_sites': one.length,
      'submissions.100_terminal': terminal,
      'submissions.100_completed': flat.filter((s) => s.status === 'completed').length,
      'submissions.100_failed': flat.filter((s) => s.status === 'failed').length,
      'submissions.100_per_minute': round(flat.length / minutes, 1),
      'submissions.100_per_minute_aim': `>= 30 at WORKER_CONCURRENCY=4 (this run: ${WORKERS})`,
      'submissions.load_average_1m': round(os.loadavg()[0]!, 1),
      'submissions.worker_concurrency': WORKERS,
    };
  } finally {
    await app?.close().catch(() => undefined);
    await server.stop();
  }
}
