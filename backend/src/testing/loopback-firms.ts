import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A Fundraising Fox-format file of `count` VC firms on loopback addresses (127.0.x.y): submit does
 * not refuse them as demo data (generated firms live on reserved `*.example` names), yet nobody's
 * site can be reached through them. For tests and benches that measure real submits without workers.
 */
export function loopbackFirmsFile(count: number): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'fp-loopback-firms-')), 'firms.csv');
  writeFileSync(
    file,
    [
      'slug,name,fundraisingfox_url,domain,firm_type,hq_city,hq_country,founded_year,stages,sectors,check_min_usd,check_max_usd,check_size_source,leads_rounds,portfolio_count,exit_count,led_rounds',
      ...Array.from(
        { length: count },
        (_, i) =>
          `loopback-${i},Loopback Firm ${i},https://fundraisingfox.example/firms/loopback-${i},127.0.${Math.floor(i / 250) + 1}.${(i % 250) + 1},vc,,,,seed,saas,,,,,,,`,
      ),
    ].join('\n'),
  );
  return file;
}
