// Generation speed: `node --import tsx infra/src/catalog/bench.ts [streamCount]`.
// Prints the time for the spec-sized catalog and the streaming rate for a large firm run.
import { CATALOG_SIZES, DEFAULT_CATALOG_SEED, generateAngels, generateVcFirmChunks, generateVcFirms } from './index';

function time(label: string, run: () => number): void {
  const start = performance.now();
  const n = run();
  const ms = performance.now() - start;
  console.log(
    `${label}: ${n.toLocaleString('en-US')} records in ${ms.toFixed(0)} ms (${Math.round(n / (ms / 1000)).toLocaleString('en-US')}/s)`,
  );
}

const seed = DEFAULT_CATALOG_SEED;
const streamCount = Number(process.argv[2] ?? 1_000_000);

time('VC firms (catalog size)', () => {
  let n = 0;
  for (const _ of generateVcFirms({ seed, count: CATALOG_SIZES.vcFirms })) n++;
  return n;
});
time('angel investors (catalog size)', () => {
  let n = 0;
  for (const _ of generateAngels({ seed, count: CATALOG_SIZES.angels })) n++;
  return n;
});
let peakHeap = 0;
time(`VC firms streamed in chunks of 1,000`, () => {
  let n = 0;
  for (const chunk of generateVcFirmChunks({ seed, count: streamCount })) {
    n += chunk.length;
    if (n % 50_000 === 0) peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }
  return n;
});
console.log(`peak heap while streaming: ${(peakHeap / 1e6).toFixed(0)} MB`);
