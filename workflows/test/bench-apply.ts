// Measures how long one successful sandbox application takes (sequential, one shared browser).
// Run: node --import tsx workflows/test/bench-apply.ts [rounds]   → JSON on stdout.
import { loadavg } from 'node:os';
import { applyToFirm, launchBrowser } from '../src/automation';
import { startSandbox } from '../src/sandbox';
import { TEST_PROFILE } from './fixtures/profile';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const rounds = Number(process.argv[2] ?? 3);
const sandbox = await startSandbox();
const browser = await launchBrowser();
const perSite: Record<string, number[]> = {};
const all: number[] = [];
try {
  for (let i = 0; i < rounds; i++) {
    for (const site of sandbox.sites.filter((s) => s.expectedOutcome === 'completed')) {
      const t = performance.now();
      const r = await applyToFirm({
        url: `${sandbox.url}/${site.slug}/`,
        profile: TEST_PROFILE,
        browser,
        allowPrivate: true,
      });
      const ms = Math.round(performance.now() - t);
      if (r.status !== 'completed') throw new Error(`${site.slug}: ${r.summary}`);
      (perSite[site.slug] ??= []).push(ms);
      all.push(ms);
    }
  }
  const plain = perSite['northwind-ventures'] ?? [];
  console.log(
    JSON.stringify(
      {
        rounds,
        loadAverage1m: Number(loadavg()[0].toFixed(2)),
        medianMsAllSuccessfulSites: median(all),
        medianMsPlainForm: median(plain),
        medianMsPerSite: Object.fromEntries(Object.entries(perSite).map(([k, v]) => [k, median(v)])),
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  await sandbox.close();
}
