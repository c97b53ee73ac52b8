import { CATALOG_SIZES, vcFirmAt } from '@fp/infra/catalog/index';
import { startTestApp, type TestApp } from '../src/testing/app';
import { benchPostgres, percentile, round } from './support';

/**
 * Investor catalog figures (issue 6), on a private durable embedded Postgres through the whole app:
 *  - catalog load (events → read models + search index) of 72,500 records, and of 1,000,000 firms;
 *  - /api/vc-firms with text + country + type + AUM filters: p50/p95 over HTTP on loopback (an
 *    upper bound of server time), at 29,000 firms and at 1,000,000;
 *  - /api/vc-firms/all-ids for all 29,000 firms;
 *  - angel export of 10,000 investors: time to the last byte and the heap growth while streaming.
 * BENCH_CATALOG_LARGE=off skips the 1,000,000-firm part (it takes minutes).
 */
export async function bench(): Promise<Record<string, number | string>> {
  const server = await benchPostgres({ durable: true });
  const app = await startTestApp({ pgAdminUrl: server.adminUrl });
  const out: Record<string, number | string> = {};
  try {
    const { token, id } = await app.createUser();
    const meta = { now: new Date(), actor: 'bench' };

    // 1. Load of the spec-sized catalog.
    let t0 = performance.now();
    const seeded = await app.ctx.services.catalog.seed({ vc: CATALOG_SIZES.vcFirms, angels: CATALOG_SIZES.angels }, meta);
    const written = performance.now();
    await app.ctx.services.catalog.waitUntilLoaded(seeded.checkpoint);
    out['catalog.load_72500_records_ms'] = Math.round(performance.now() - t0);
    out['catalog.load_72500_events_written_ms'] = Math.round(written - t0);

    // 2. Filtered list at 29,000.
    Object.assign(out, prefix('catalog.vc_firms_filtered_29k', await listLatency(app, token, CATALOG_SIZES.vcFirms)));

    // 3. All ids of the 29,000 firms.
    const allIds: number[] = [];
    let count = 0;
    for (let i = 0; i < 30; i++) {
      const s = performance.now();
      const r = await app.api('GET', '/api/vc-firms/all-ids', { token });
      allIds.push(performance.now() - s);
      count = r.body.vcIds.length;
    }
    out['catalog.vc_all_ids_count'] = count;
    out['catalog.vc_all_ids_29k_p50_ms'] = round(percentile(allIds, 50));
    out['catalog.vc_all_ids_29k_p95_ms'] = round(percentile(allIds, 95));

    // 4. Angel export of 10,000 (and of all 43,500, to show memory stays flat).
    await app.ctx.services.credits.grant(id, 100, 'bench', null, meta);
    await app.ctx.projections.waitFor();
    const ids = (await app.api('GET', '/api/investors/all-ids', { token })).body.investorIds as string[];
    for (const n of [10_000, ids.length]) {
      const r = await exportOnce(app, token, ids.slice(0, n));
      const label = n === 10_000 ? '10k' : 'all';
      out[`catalog.angel_export_${label}_ms`] = r.ms;
      out[`catalog.angel_export_${label}_bytes`] = r.bytes;
      out[`catalog.angel_export_${label}_heap_growth_mb`] = r.heapGrowthMb;
    }

    // 5. One million firms.
    if (process.env.BENCH_CATALOG_LARGE !== 'off') {
      t0 = performance.now();
      const big = await app.ctx.services.catalog.seed({ vc: 1_000_000 }, meta);
      await app.ctx.services.catalog.waitUntilLoaded(big.checkpoint, 120 * 60_000);
      out['catalog.load_1m_firms_ms'] = Math.round(performance.now() - t0);
      Object.assign(out, prefix('catalog.vc_firms_filtered_1m', await listLatency(app, token, 1_000_000)));
    }
  } finally {
    await app.close();
    await server.stop();
  }
  return out;
}

const prefix = (p: string, o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [`${p}_${k}`, v]));

// Words that occur in firm names and descriptions, so the text filter selects real subsets.
const WORDS = ['capital', 'ventures', 'partners', 'fund', 'growth', 'harbor', 'ridge', 'seed', 'fintech', 'saas', 'health', 'climate', 'labs', 'angels', 'summit'];
const COUNTRY_SETS = [['United States'], ['United Kingdom', 'Germany'], ['India', 'Singapore', 'Japan'], ['France', 'Canada'], ['United States', 'Israel']];
const AUM_RANGES = [[0, 50], [5, 500], [20, 5000], [100, 100000], [1, 250]];
const TYPE_SETS = [['Venture Capital'], ['Micro-VC', 'Venture Capital'], ['Corporate VC'], ['Family Office', 'Growth/Expansion'], ['Accelerator', 'Angel Group']];

/** Text + country + type + AUM queries over HTTP: p50 and p95 in ms, plus the mean page total. */
async function listLatency(app: TestApp, token: string, size: number): Promise<Record<string, number>> {
  const times: number[] = [];
  let totals = 0;
  const N = 300;
  for (let i = 0; i < N + 20; i++) {
    // A firm name word now and then, so some queries are narrow and some broad.
    const word = i % 3 === 0 ? vcFirmAt(6, (i * 7919) % size).vcName.split(' ')[0]!.toLowerCase() : WORDS[i % WORDS.length]!;
    const [aumMin, aumMax] = AUM_RANGES[i % AUM_RANGES.length]!;
    const p = new URLSearchParams({ search: word, aumMin: String(aumMin), aumMax: String(aumMax), page: String(1 + (i % 3)), limit: '25' });
    for (const c of COUNTRY_SETS[i % COUNTRY_SETS.length]!) p.append('country', c);
    for (const t of TYPE_SETS[(i >> 1) % TYPE_SETS.length]!) p.append('investorType', t);
    const s = performance.now();
    const r = await app.api('GET', `/api/vc-firms?${p}`, { token });
    const ms = performance.now() - s;
    if (r.status !== 200) throw new Error(`vc-firms answered ${r.status}: ${JSON.stringify(r.body)}`);
    // The first 20 warm caches and plans.
    if (i >= 20) {
      times.push(ms);
      totals += r.body.total;
    }
  }
  return { p50_ms: round(percentile(times, 50)), p95_ms: round(percentile(times, 95)), mean_total: Math.round(totals / N) };
}

async function exportOnce(app: TestApp, token: string, ids: string[]) {
  global.gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 2);
  const s = performance.now();
  const res = await fetch(`${app.url}/api/export-angel-investors`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ investorIds: ids }),
  });
  if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  // Read and drop chunks, as a browser saving the file does.
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  const ms = performance.now() - s;
  clearInterval(timer);
  // The request body (the ids) is part of the growth; the CSV itself is never held whole.
  return { ms: Math.round(ms), bytes, heapGrowthMb: round((peak - base) / 1e6) };
}
