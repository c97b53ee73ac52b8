import dgram from 'node:dgram';
import dns from 'node:dns';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNDRAISINGFOX_HEADER } from '../src/modules/catalog/parse-source-file';
import { createDomainCheck } from '../src/modules/catalog/domain-check';
import { startTestApp, type TestApp } from '../src/testing/app';
import { founder } from './submissions-helpers';
import { startTinyDns } from './support/tiny-dns';

/**
 * Issue 22: a firm whose domain does not resolve is skipped at submit before any charge, like a
 * reserved one. No internet: DNS is a tiny server on loopback (Node's resolver pointed at it with
 * dns.setServers) that knows `live-firm.zz` and answers NXDOMAIN for every other name. Firms on
 * loopback addresses and the allowed hosts (the sandbox) are never looked up.
 */
let app: TestApp;
let tinyDns: Awaited<ReturnType<typeof startTinyDns>>;
const systemServers = dns.getServers();

beforeAll(async () => {
  tinyDns = await startTinyDns({ 'live-firm.zz': '192.0.2.10' });
  dns.setServers([tinyDns.server]);
  app = await startTestApp({ workers: false });
});
afterAll(async () => {
  dns.setServers(systemServers);
  await app?.close();
  await tinyDns?.close();
});

describe('domain check', () => {
  it('tells a name with an address from one DNS says does not exist; IP literals and allowed hosts are not looked up', async () => {
    const check = createDomainCheck({ allowedHosts: () => ['sandbox-firm.zz:4100'] });
    const v = await check.websites([
      'https://gone-firm.zz/',
      'https://live-firm.zz/about',
      'http://127.0.9.9/',
      'http://sandbox-firm.zz:4100/apply',
      'not a url',
    ]);
    expect(Object.fromEntries(v)).toEqual({
      'https://gone-firm.zz/': 'unresolvable',
      'https://live-firm.zz/about': 'resolves',
      'http://127.0.9.9/': 'resolves',
      'http://sandbox-firm.zz:4100/apply': 'resolves',
    });
    expect(tinyDns.asked).not.toContain('sandbox-firm.zz');
    expect(tinyDns.asked).toContain('gone-firm.zz');
  });

  it('a DNS server that never answers is "unknown" (tried as before), within the bounded wait', async () => {
    const silent = dgram.createSocket('udp4');
    await new Promise<void>((r) => silent.bind(0, '127.0.0.1', r));
    dns.setServers([`127.0.0.1:${silent.address().port}`]);
    try {
      const check = createDomainCheck({ allowedHosts: () => [], timeoutMs: 400 });
      const started = Date.now();
      expect(await check.check(new URL('https://slow-firm.zz/'))).toBe('unknown');
      expect(Date.now() - started).toBeLessThan(3_000);
      // Many firms at once: a few questions at a time, and the whole check ends within its budget.
      const many = Array.from({ length: 100 }, (_, i) => `https://slow-${i}.zz/`);
      const began = Date.now();
      const v = await createDomainCheck({ allowedHosts: () => [], timeoutMs: 400, budgetMs: 300 }).websites(many);
      expect(new Set(v.values())).toEqual(new Set(['unknown']));
      expect(Date.now() - began).toBeLessThan(3_000);
    } finally {
      dns.setServers([tinyDns.server]);
      silent.close();
    }
  });
});

describe('submit', () => {
  it('skips a firm whose domain does not resolve before charging; a resolving one and a loopback one are charged', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'fp-dns-firms-')), 'firms.csv');
    const row = (slug: string, name: string, domain: string) =>
      `${slug},${name},https://fundraisingfox.example/firms/${slug},${domain},vc,,,,seed,saas,,,,,,,`;
    writeFileSync(
      file,
      [
        FUNDRAISINGFOX_HEADER.join(','),
        row('gone', 'Gone Firm', 'gone-firm.zz'),
        row('live', 'Live Firm', 'live-firm.zz'),
        row('loop', 'Loopback Firm', '127.0.9.9'),
      ].join('\n'),
    );
    const imported = await app.services.catalog.importFirms(
      { source: 'fundraisingfox', file, dataDate: '2026-01-15' },
      { now: new Date(), actor: 'test' },
    );
    await app.services.catalog.waitUntilLoaded(imported.checkpoint, 60_000);

    const u = await founder(app, 3);
    const ids = ['d-gone-firm.zz', 'd-live-firm.zz', 'd-127.0.9.9'];
    const r = await app.api('POST', '/api/submit-to-selected-vcs', { token: u.token, body: { vcIds: ids } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.creditsDeducted).toBe(2);
    expect(r.body.submissionIds).toHaveLength(2);
    expect(r.body.skipped).toEqual([
      { vcId: 'd-gone-firm.zz', reason: 'unresolvable_domain', message: expect.stringMatching(/does not resolve/) },
    ]);
    await app.ctx.projections.waitFor(undefined, 10_000);
    expect((await app.api('GET', '/api/credits', { token: u.token })).body).toMatchObject({ balance: 1 });
  });
});
