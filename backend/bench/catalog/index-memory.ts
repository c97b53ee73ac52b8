// Child process of `npm run bench -- catalog` (catalog.ts, indexMemoryFigures): a process holding
// nothing but one in-process search index, so its resident memory before and after the load is
// the index's own cost, not the app's or the bench's. Prints one JSON line on stdout.
//   node --expose-gc --import tsx backend/bench/catalog/index-memory.ts   (DATABASE_URL, BENCH_FOUNDERS)
import { createDb, createPool } from '@fp/infra';
import { InProcessSearchIndex, queryWords, type VcFilter } from '@fp/projections';
import { percentile, round } from '../support';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const mb = (n: number) => round(n / 1e6);

const pool = createPool(process.env.DATABASE_URL!, 4);
const db = createDb(pool);
// What the process holds before any index: node, the modules, a pool.
await db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
gc();
const before = process.memoryUsage();
const index = new InProcessSearchIndex(db);
const t0 = performance.now();
await index.ready();
const loadMs = performance.now() - t0;
gc();
const after = process.memoryUsage();
const docs = index.stats().docs;

// Founders the index has never scored: each a new round size (the cheque factor re-judged), and
// every fourth also a new stage, industry and location, so no factor table of an earlier one serves.
const STAGES = ['Pre-seed', 'Seed', 'Series A', 'Series B'];
const INDUSTRIES = ['Fintech', 'HealthTech', 'Climate', 'SaaS', 'AI & ML'];
const PLACES = [
  'Berlin, Germany',
  'London, United Kingdom',
  'Austin, United States',
  'Bangalore, India',
  'Paris, France',
];
const COUNTRIES = [
  ['United States'],
  ['United Kingdom', 'Germany'],
  ['India', 'Singapore', 'Japan'],
  [] as string[],
  ['United States', 'Israel'],
];
const WORDS = ['capital', 'ventures', 'partners', 'fund', 'growth', 'seed', 'fintech', 'health', 'labs', ''];
const today = new Date().toISOString().slice(0, 10);
const founders = Number(process.env.BENCH_FOUNDERS ?? 100);
const first: number[] = [];
const next: number[] = [];
let matched = 0;
for (let i = 0; i < founders + 5; i++) {
  const j = i % 4 === 0 ? i >> 2 : 0;
  const profile = {
    stage: STAGES[j % STAGES.length]!,
    industry: INDUSTRIES[j % INDUSTRIES.length]!,
    location: PLACES[j % PLACES.length]!,
    raising: `$${250 + i * 7}K`,
  };
  const word = WORDS[i % WORDS.length]!;
  const countries = COUNTRIES[i % COUNTRIES.length]!;
  // A broad query (a common word or none, maybe a few countries): the fit order's worst case.
  const filter: VcFilter = {
    words: word ? queryWords(word) : undefined,
    countries: countries.length ? countries : undefined,
    fit: { profile, today, min: i % 5 === 4 ? 50 : undefined },
  };
  let s = performance.now();
  const r = await index.searchVcFirms('vc', filter, { page: 1, limit: 25, order: 'fit' });
  const firstMs = performance.now() - s;
  s = performance.now();
  await index.searchVcFirms('vc', filter, { page: 2, limit: 25, order: 'fit' });
  // The first five warm the code paths, not any founder's data.
  if (i >= 5) {
    first.push(firstMs);
    next.push(performance.now() - s);
    matched += r.total;
  }
}
console.log(
  JSON.stringify({
    docs,
    load_ms: Math.round(loadMs),
    rss_before_mb: mb(before.rss),
    rss_after_mb: mb(after.rss),
    rss_growth_mb: mb(after.rss - before.rss),
    heap_before_mb: mb(before.heapUsed),
    heap_after_mb: mb(after.heapUsed),
    array_buffers_before_mb: mb(before.arrayBuffers),
    array_buffers_after_mb: mb(after.arrayBuffers),
    index_heap_and_buffers_mb: mb(after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers),
    new_founder_first_query_p50_ms: round(percentile(first, 50), 2),
    new_founder_first_query_p95_ms: round(percentile(first, 95), 2),
    next_page_p95_ms: round(percentile(next, 95), 2),
    founders: first.length,
    mean_matches: Math.round(matched / first.length),
  }),
);
await index.close();
await pool.end();
