// The registry's discovery job against every sandbox firm site, in real Chromium: what it records for
// each (form URL, kind, fields, blockers, outcome), robots.txt honoured, and no request outside the
// allowed hosts. The store is the port's plain in-memory implementation: the job's own bookkeeping.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SharedBrowser,
  createDiscoveryActivities,
  type DiscoveryCheck,
  type DiscoveryStorePort,
  type DiscoveryTarget,
} from '../src';
import { ROBOTS_DISALLOWED_SITES, SANDBOX_SITES, startSandbox, type Sandbox } from '../src/sandbox';

let sandbox: Sandbox;
let fixture: LocalServer;
let canary: LocalServer;
let redirectCanary: LocalServer;

/** A plain local HTTP server that records every request it gets. */
interface LocalServer {
  url: string;
  host: string;
  hits: string[];
  close(): Promise<void>;
}
async function localServer(
  handle: (req: IncomingMessage, res: ServerResponse, self: LocalServer) => void,
): Promise<LocalServer> {
  const self = { hits: [] as string[] } as LocalServer;
  const server = createServer((req, res) => {
    self.hits.push(req.url ?? '');
    handle(req, res, self);
  });
  server.on('upgrade', (req, socket) => {
    self.hits.push(`upgrade ${req.url}`);
    socket.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  Object.assign(self, {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  });
  return self;
}

const FORM =
  '<form method="post" action="/thanks"><label for="n">Your name</label><input id="n" name="name" required><label for="e">Email address</label><input id="e" type="email" name="email" required><label for="c">Company name</label><input id="c" name="company" required><label for="p">Tell us about your company</label><textarea id="p" name="pitch" required></textarea><button type="submit">Apply</button></form>';
const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fixture firm</title></head><body>${body}</body></html>`;
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
  // Outside the allowed hosts (another port on loopback): any request it receives got past the guard.
  canary = await localServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>canary</p>'));
  redirectCanary = await localServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>canary</p>'),
  );
  // An allowed firm site: robots.txt keeps crawlers out of /members/, one page pulls from the canary.
  fixture = await localServer((req, res) => {
    const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html' }).end(page(body));
    const c = canary.url;
    if (req.url === '/robots.txt')
      return res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /members/\n');
    if (req.url === '/gated/')
      return html(
        '<h1>Gated Ventures</h1><p>We back seed founders.</p><p><a href="/members/apply">Apply for funding</a></p>',
      );
    if (req.url === '/members/apply') return html(`<h1>Apply for funding</h1>${FORM}`);
    if (req.url === '/leaky/')
      return html(`<h1>Leaky Capital</h1><img src="${c}/pixel.png" alt=""><link rel="stylesheet" href="${c}/style.css"><iframe src="${c}/frame" title="x"></iframe>
<script>fetch('${c}/fetch').catch(() => {}); try { new WebSocket('ws://${canary.host}/ws'); } catch {}</script><h2>Apply</h2>${FORM}`);
    if (req.url === '/redirect-out/') return res.writeHead(302, { location: `${redirectCanary.url}/redirected` }).end();
    if (req.url === '/redirect-in/') return res.writeHead(301, { location: '/gated/' }).end();
    res.writeHead(404).end();
  });
  const targets: DiscoveryTarget[] = [
    ...SANDBOX_SITES.map((s) => ({ firmId: s.slug, website: `${sandbox.url}/${s.slug}/`, test: false })),
    { firmId: 'gated', website: `${fixture.url}/gated/`, test: false },
    { firmId: 'leaky', website: `${fixture.url}/leaky/`, test: false },
    { firmId: 'redirect-out', website: `${fixture.url}/redirect-out/`, test: false },
    { firmId: 'redirect-in', website: `${fixture.url}/redirect-in/`, test: false },
    { firmId: 'demo', website: 'https://www.harbor-partners-capital.example/', test: false },
    { firmId: 'private', website: 'http://10.20.30.40/apply', test: false },
    { firmId: 'none', website: null, test: false },
  ];
  const store = memoryStore(targets);
  const acts = createDiscoveryActivities({
    store,
    browser,
    allowedHosts: [new URL(sandbox.url).host, fixture.host],
    concurrency: 3,
    hostDelayMs: 50,
    blocked,
  });
  const run = { runId: 'r1' };
  while ((await acts.checkNext(run)) > 0) batches++;
  await acts.finish(run);
  expect(store.finished).toBe(true);
}, 600_000);

afterAll(async () => {
  await browser.close();
  await sandbox?.close();
  await fixture?.close();
  await canary?.close();
  await redirectCanary?.close();
});

const get = (slug: string) => results.get(slug)!;

describe('form discovery on the sandbox sites', () => {
  it('checks every firm once, in bounded batches', () => {
    expect(results.size).toBe(SANDBOX_SITES.length + 7);
    expect(batches).toBeGreaterThan(1);
  });

  it('records a plain form with its fields and required flags', () => {
    const r = get('northwind-ventures');
    expect(r.outcome).toBe('found');
    expect(r.kind).toBe('native');
    expect(r.url).toBe(`${sandbox.url}/northwind-ventures/`);
    expect(r.fields.map((f) => [f.label, f.required])).toEqual([
      ['Your name', true],
      ['Email address', true],
      ['Company name', true],
      ['Company website', false],
      ['Stage', false],
      ['Tell us about your company', true],
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

  it('honours robots.txt on every page it visits, not only the start page', () => {
    // The start page is allowed; the apply link leads into /members/, which robots.txt disallows.
    expect(get('gated')).toMatchObject({ outcome: 'robots_disallowed', url: null, fields: [] });
    expect(get('gated').detail).toMatch(/\/members\/apply/);
    expect(fixture.hits).toContain('/gated/');
    expect(fixture.hits).not.toContain('/members/apply');
  });

  it('refuses reserved and private addresses before any request, and a firm without a website', () => {
    expect(get('demo')).toMatchObject({ outcome: 'reserved_domain' });
    expect(get('private').outcome).toBe('unreachable');
    expect(get('private').detail).toMatch(/private/i);
    expect(get('none').outcome).toBe('no_website');
  });

  it('never reached outside the allowed hosts', () => {
    // Pages did try (an image, a stylesheet, a frame, a fetch, a WebSocket): the guard saw them ...
    expect(get('leaky').outcome).toBe('found');
    const tried = blocked
      .filter((u) => new URL(u.replace(/^ws/, 'http')).host === canary.host)
      .map((u) => new URL(u).pathname);
    expect(tried).toEqual(expect.arrayContaining(['/pixel.png', '/style.css', '/frame', '/fetch', '/ws']));
    // ... and the server outside the allowed hosts received nothing: a request let out would be here.
    expect(canary.hits).toEqual([]);
    const allowed = [new URL(sandbox.url).host, fixture.host];
    for (const u of blocked) expect(allowed).not.toContain(new URL(u.replace(/^ws/, 'http')).host);
  });

  // Playwright's routes see only the first URL of a redirect chain: the guard fetches page loads
  // without following redirects and checks each hop itself.
  it('refuses a redirect from an allowed host to one outside the list, and follows one inside it', () => {
    expect(redirectCanary.hits).toEqual([]);
    expect(blocked).toContain(`${redirectCanary.url}/redirected`);
    expect(get('redirect-out').outcome).not.toBe('found');
    // Followed hop by hop: the redirect's target was visited (and judged as itself).
    expect(get('redirect-in')).toMatchObject({ outcome: 'robots_disallowed' });
    expect(fixture.hits.filter((h) => h === '/gated/').length).toBeGreaterThanOrEqual(2);
  });
});
