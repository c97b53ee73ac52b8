// The registry's discovery job against every sandbox firm site, in real Chromium: what it records for
// each (form URL, kind, fields, blockers, outcome), robots.txt honoured, and no request outside the
// allowed hosts. The store is the port's plain in-memory implementation: the job's own bookkeeping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedBrowser, createDiscoveryActivities, type DiscoveryCheck, type DiscoveryStorePort, type DiscoveryTarget } from '../src';
import { ROBOTS_DISALLOWED_SITES, SANDBOX_SITES, startSandbox, type Sandbox } from '../src/sandbox';

let sandbox: Sandbox;
const browser = new SharedBrowser();
const results = new Map<string, DiscoveryCheck>();
const blocked: string[] = [];
let batches = 0;

function memoryStore(targets: DiscoveryTarget[]): DiscoveryStorePort & { finished: boolean } {
  return {
    finished: false,
    async unchecked(_run, limit) {
      return targets.filter((t) => !results.has(t.firmId)).slice(0, limit);
    },
    async record(_run, firmId, check) {
      if (!results.has(firmId)) results.set(firmId, check);
    },
    async finish() {
      this.finished = true;
    },
  };
}

beforeAll(async () => {
  sandbox = await startSandbox();
  const targets: DiscoveryTarget[] = [
    ...SANDBOX_SITES.map((s) => ({ firmId: s.slug, website: `${sandbox.url}/${s.slug}/`, test: false })),
    { firmId: 'demo', website: 'https://www.harbor-partners-capital.example/', test: false },
    { firmId: 'private', website: 'http://10.20.30.40/apply', test: false },
    { firmId: 'none', website: null, test: false },
  ];
  const store = memoryStore(targets);
  const acts = createDiscoveryActivities({ store, browser, allowedHosts: [new URL(sandbox.url).host], concurrency: 3, hostDelayMs: 50, blocked });
  const run = { runId: 'r1' };
  while ((await acts.checkNext(run)) > 0) batches++;
  await acts.finish(run);
  expect(store.finished).toBe(true);
}, 600_000);

afterAll(async () => {
  await browser.close();
  await sandbox?.close();
});

const get = (slug: string) => results.get(slug)!;

describe('form discovery on the sandbox sites', () => {
  it('checks every firm once, in bounded batches', () => {
    expect(results.size).toBe(SANDBOX_SITES.length + 3);
    expect(batches).toBeGreaterThan(1);
  });

  it('records a plain form with its fields and required flags', () => {
    const r = get('northwind-ventures');
    expect(r.outcome).toBe('found');
    expect(r.kind).toBe('native');
    expect(r.url).toBe(`${sandbox.url}/northwind-ventures/`);
    expect(r.fields.map((f) => [f.label, f.required])).toEqual([
      ['Your name', true], ['Email address', true], ['Company name', true], ['Company website', false], ['Stage', false], ['Tell us about your company', true],
    ]);
    expect(r.fields.find((f) => f.label === 'Email address')).toMatchObject({ type: 'email', asks: 'founderEmail' });
    expect(r.blockers).toEqual([]);
  });

  it('names the form builders it recognises', () => {
    expect(get('kestrel-ventures')).toMatchObject({ outcome: 'found', kind: 'tally' });
    expect(get('juniper-partners')).toMatchObject({ outcome: 'found', kind: 'jotform' });
    expect(get('harbor-vc')).toMatchObject({ outcome: 'found', kind: 'hubspot' });
  });

  it('follows apply links to the form', () => {
    const r = get('willow-partners');
    expect(r.outcome).toBe('found');
    expect(r.url).not.toBe(`${sandbox.url}/willow-partners/`);
  });

  it('records blockers: CAPTCHA, login, e-mail only, a required file', () => {
    expect(get('sentinel-capital')).toMatchObject({ outcome: 'blocked', blockers: ['captcha'] });
    expect(get('atlas-ventures')).toMatchObject({ outcome: 'blocked', blockers: ['login'] });
    expect(get('quill-ventures')).toMatchObject({ outcome: 'blocked', blockers: ['email_only'] });
    const forge = get('forge-ventures');
    expect(forge.outcome).toBe('found');
    expect(forge.blockers).toContain('file_upload_required');
    expect(forge.fields.some((f) => f.type === 'file' && f.required)).toBe(true);
  });

  it('honours robots.txt: a disallowed site is not visited', () => {
    for (const slug of ROBOTS_DISALLOWED_SITES) {
      expect(get(slug)).toMatchObject({ outcome: 'robots_disallowed', url: null });
    }
  });

  it('refuses reserved and private addresses before any request, and a firm without a website', () => {
    expect(get('demo')).toMatchObject({ outcome: 'reserved_domain' });
    expect(get('private').outcome).toBe('unreachable');
    expect(get('private').detail).toMatch(/private/i);
    expect(get('none').outcome).toBe('no_website');
  });

  it('never reached outside the allowed hosts', () => {
    const sandboxHost = new URL(sandbox.url).host;
    // The guard refused whatever a page tried to load elsewhere; nothing else was requested.
    for (const u of blocked) expect(new URL(u.replace(/^ws/, 'http')).host).not.toBe(sandboxHost);
  });
});
