import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FUNDRAISINGFOX_HEADER } from '../src/modules/catalog/parse-source-file';
import { startTestApp } from '../src/testing/app';
import { benchPostgres, round } from './support';

const ROWS = 16_000;

/** A Fundraising Fox-shaped file of invented firms on reserved names (no third party's data). */
function release(rows: number): string {
  const lines = [FUNDRAISINGFOX_HEADER.join(',')];
  for (let i = 0; i < rows; i++) {
    const slug = `bench-firm-${i}`;
    lines.push(
      [
        slug,
        `"Bench Firm ${i}, Partners"`,
        `https://fundraisingfox.example/firms/${slug}`,
        `${slug}.example`,
        i % 7 ? 'vc' : 'growth',
        'Berlin',
        'DE',
        i % 3 ? '2015' : '',
        'seed; series_a',
        'fintech; saas',
        '100000.0',
        '2000000.0',
        'website',
        i % 2 ? 'True' : '',
        String(i % 90),
        '',
        '',
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Issue 13: import of 16,000 rows (aim ≤ 10 s) and of the same file again (aim ≤ 5 s), projections included. */
export async function bench(): Promise<Record<string, number | string>> {
  const server = await benchPostgres({ durable: false });
  const app = await startTestApp({ pgAdminUrl: server.adminUrl });
  try {
    const file = join(await mkdtemp(join(tmpdir(), 'fp-import-')), 'firms.csv');
    await writeFile(file, release(ROWS));
    const run = async () => {
      const t = performance.now();
      const r = await app.services.catalog.importFirms(
        { source: 'fundraisingfox', file, dataDate: '2026-01-01' },
        { now: new Date(), actor: 'bench' },
      );
      await app.services.catalog.waitUntilLoaded(r.checkpoint, 600_000);
      return { seconds: (performance.now() - t) / 1000, r };
    };
    const first = await run();
    if (first.r.imported !== ROWS) throw new Error(`imported ${first.r.imported} of ${ROWS}`);
    const again = await run();
    if (again.r.unchanged !== ROWS) throw new Error(`unchanged ${again.r.unchanged} of ${ROWS}`);
    return {
      'catalogImport.rows': ROWS,
      'catalogImport.firstSeconds': round(first.seconds, 2),
      'catalogImport.firstSeconds.aim': '≤ 10',
      'catalogImport.unchangedSeconds': round(again.seconds, 2),
      'catalogImport.unchangedSeconds.aim': '≤ 5',
    };
  } finally {
    await app.close();
    await server.stop();
  }
}
