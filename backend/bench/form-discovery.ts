import { SANDBOX_SITES } from '@fp/workflows/sandbox';
import { startTestApp } from '../src/testing/app';
import { benchPostgres, round } from './support';

const CONCURRENCY = 4;

/**
 * Issue 13: the registry's discovery throughput (sites per minute) over the sandbox firm sites, the
 * whole job as it runs (DBOS workflow, Chromium, events and read models). The sandbox sites all live
 * on one host, so the per-host politeness delay would measure itself: it is 0 here, and the figure
 * is what the job does across distinct hosts at its default concurrency.
 */
export async function bench(): Promise<Record<string, number | string>> {
  const server = await benchPostgres({ durable: false });
  const app = await startTestApp({
    pgAdminUrl: server.adminUrl,
    config: { formDiscoveryConcurrency: CONCURRENCY, formDiscoveryHostDelayMs: 0 },
  });
  try {
    const forms = app.services.catalog.forms;
    const runOnce = async () => {
      const t = performance.now();
      const started = await forms.discover({ collection: 'test', all: true }, { now: new Date(), actor: 'bench' });
      if (!started.runId) throw new Error('no run started');
      for (;;) {
        const r = await forms.run(started.runId);
        if (r?.finishedAt) return { seconds: (performance.now() - t) / 1000, run: r };
        await new Promise((res) => setTimeout(res, 100));
      }
    };
    // The first run also launches Chromium and the engine; the second is the steady state.
    const cold = await runOnce();
    const warm = await runOnce();
    const perMinute = (x: { seconds: number; run: { checked: number } }) => round((x.run.checked / x.seconds) * 60, 1);
    return {
      'formDiscovery.sites': SANDBOX_SITES.length,
      'formDiscovery.concurrency': CONCURRENCY,
      'formDiscovery.sitesPerMinute': perMinute(warm),
      'formDiscovery.sitesPerMinute.aim': 'reported (no target set); one host, politeness delay 0 ms',
      'formDiscovery.coldSitesPerMinute': perMinute(cold),
      'formDiscovery.found': warm.run.counts.found ?? 0,
    };
  } finally {
    await app.close();
    await server.stop();
  }
}
