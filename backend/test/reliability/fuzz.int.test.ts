import { HONEYPOT_PATHS } from '../../src/modules/security/classify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOREGROUND_EVENTS, startTestApp, type TestApp } from '../../src/testing/app';
import { COMPLETE_PROFILE, long, noteShortVariant, testFirmId } from './support';
import { nastyObject, nastyString, nastyValue, queryString, rawBody, schemaFieldNames, type RawBody } from './fuzz';

/**
 * Bad input (docs/reliability.md §4): property-based fuzzing of every registered route's path
 * parameters, query and body — the route list is walked, so a new route is fuzzed the day it
 * lands. Each answer must be below 500; a 4xx must be JSON `{ error: "<message>" }`; a rejected
 * request (4xx other than a rate limit's 429) must write nothing (the event store's head does not
 * move); and the server must stay up throughout.
 */
const RUNS = long(60, 600);
const SEED = Number(process.env.FUZZ_SEED ?? 20251121);

/**
 * Routes fuzzed but judged differently, each for a reason:
 *  - honeypots record a violation for every call by design (security module): skipped;
 *  - the live view page is HTML for a browser tab (its 4xx is an HTML page), still never a 5xx;
 *  - the identity provider's own routes (better-auth, or SuperTokens) answer in that provider's
 *    protocol, which its browser client reads (`{ code, message }`, a bare 404): never a 5xx and
 *    nothing written when refused, but the `{ error }` shape is not theirs to follow.
 */
const SKIP = new Set(HONEYPOT_PATHS);
const OWN_ERROR_FORMAT = [/^\/live\/:id$/, /^\/api\/identity\//];
/** Sub-paths of the identity provider's catch-all route worth reaching (better-auth's own API). */
const IDENTITY_PATHS = [
  'sign-in/email',
  'sign-up/email',
  'get-session',
  'sign-out',
  'list-sessions',
  'update-user',
  'change-password',
  'forget-password',
  'reset-password',
  'verify-email',
  'ok',
];

let app: TestApp;
let fields: string[];
let valid: string[];
let tokens: { user: string; admin: string; idp: string };
const counts = { cases: 0, byStatus: new Map<number, number>(), routes: 0, rawBodies: 0 };

beforeAll(async () => {
  app = await startTestApp({ config: { freeCredits: 0, stripeWebhookSecret: 'whsec_reliability_fuzz' } });
  const seeded = await app.services.catalog.seed({ vc: 30, angels: 30, seed: 5 }, { now: new Date(), actor: 'test' });
  await app.ctx.projections.waitFor(seeded.checkpoint, 60_000);
  const user = await app.createUser();
  const admin = await app.createUser({ admin: true });
  expect((await app.api('PATCH', '/api/startup-profile', { token: user.token, body: COMPLETE_PROFILE })).status).toBe(
    200,
  );
  // The identity provider's routes are fuzzed with a session of their own: sign-out, password
  // changes and the like may end it, which must not turn every later case into a plain 401.
  tokens = { user: user.token, admin: admin.token, idp: (await app.createUser()).token };
  // Load the test catalog now, so that the first valid read does not write during the fuzzing.
  expect((await app.api('GET', '/api/test-vc-firms', { token: user.token })).status).toBe(200);
  const angels: string[] = (await app.api('GET', '/api/investors/all-ids', { token: user.token })).body.investorIds;
  const firms: string[] = (await app.api('GET', '/api/vc-firms/all-ids', { token: user.token })).body.vcIds;
  fields = await schemaFieldNames();
  // Values a route accepts, so that fuzzing reaches past the first check (a 0-credit user: submits and exports stop at 402).
  valid = [
    user.id,
    admin.id,
    angels[0]!,
    firms[0]!,
    testFirmId('northwind-ventures'),
    '203.0.113.9',
    '::1',
    'all',
    'completed',
    'Seed',
    'AI & ML',
    ...Object.values(COMPLETE_PROFILE).slice(0, 6),
  ];
});
afterAll(async () => {
  console.log(
    `[reliability] fuzz: ${counts.cases} cases over ${counts.routes} routes (${counts.rawBodies} raw bodies), answers ${[
      ...counts.byStatus,
    ]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ')}`,
  );
  await app?.close();
});

interface Case {
  method: string;
  path: string;
  query: string;
  token: 'user' | 'admin' | 'idp' | 'none';
  body?: { json: unknown } | { raw: RawBody };
  idempotencyKey?: string;
}

const encodeSegment = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
};

function caseFor(route: { method: string; url: string }): fc.Arbitrary<Case> {
  const segment = fc.oneof(
    { weight: 4, arbitrary: nastyString(valid).map((s) => encodeSegment(s.slice(0, 800))) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%252E%252E', '%2F..%2F', '%00') },
  );
  const wildcard = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...IDENTITY_PATHS) },
    { weight: 1, arbitrary: segment },
  );
  const params = route.url.match(/:\w+|\*/g) ?? [];
  const withBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
  return fc
    .record({
      segments: fc.tuple(...params.map((p) => (p === '*' ? wildcard : segment))),
      query: fc.oneof({ weight: 1, arbitrary: fc.constant('') }, { weight: 3, arbitrary: queryString(valid, fields) }),
      token: route.url.startsWith('/api/identity/')
        ? fc.constantFrom<Case['token']>('idp', 'idp', 'none')
        : fc.constantFrom<Case['token']>('user', 'user', 'admin', 'admin', 'none'),
      body: withBody
        ? fc.oneof(
            { weight: 5, arbitrary: nastyObject(valid, fields).map((json) => ({ json })) },
            { weight: 1, arbitrary: nastyValue(valid, fields).map((json) => ({ json })) },
            { weight: 3, arbitrary: rawBody(valid, fields).map((raw) => ({ raw })) },
            { weight: 1, arbitrary: fc.constant(undefined) },
          )
        : fc.constant(undefined),
      idempotencyKey: fc.option(
        nastyString(valid).map((s) => s.slice(0, 300)),
        { nil: undefined, freq: 4 },
      ),
    })
    .map(({ segments, query, token, body, idempotencyKey }) => {
      let i = 0;
      const path = route.url.replace(/:\w+|\*/g, () => segments[i++] as string);
      return { method: route.method, path, query, token, body, idempotencyKey };
    });
}

async function send(c: Case) {
  const headers: Record<string, string> = {};
  if (c.token !== 'none') headers.authorization = `Bearer ${tokens[c.token]}`;
  if (c.idempotencyKey !== undefined) {
    // Header values must be Latin-1 without control characters: encode anything else.
    headers['idempotency-key'] = /^[\x20-\x7e]*$/.test(c.idempotencyKey)
      ? c.idempotencyKey
      : encodeURIComponent(c.idempotencyKey.replace(/[\uD800-\uDFFF]/g, '?'));
  }
  let body: string | undefined;
  if (c.body && 'json' in c.body) {
    body = JSON.stringify(c.body.json) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if (c.body && 'raw' in c.body) {
    body = c.body.raw.text;
    if (c.body.raw.contentType) headers['content-type'] = c.body.raw.contentType;
    counts.rawBodies++;
  }
  const res = await fetch(`${app.url}${c.path}${c.query ? `?${c.query}` : ''}`, { method: c.method, headers, body });
  const text = await res.text();
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text };
}

const describeCase = (c: Case) => {
  const body =
    c.body && 'raw' in c.body
      ? `${c.body.raw.what}: ${c.body.raw.text.slice(0, 200)}`
      : c.body
        ? JSON.stringify(c.body.json)?.slice(0, 200)
        : '-';
  return `${c.method} ${c.path.slice(0, 200)}?${c.query.slice(0, 200)} as ${c.token}, body ${body}`;
};

/** One case: the answer's rules, and nothing written when it was refused. */
async function check(route: { method: string; url: string }, c: Case) {
  const before = await app.writes();
  const res = await send(c);
  counts.cases++;
  counts.byStatus.set(res.status, (counts.byStatus.get(res.status) ?? 0) + 1);
  const where = `${describeCase(c)} → ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, where).toBeLessThan(500);
  if (res.status >= 400) {
    if (!OWN_ERROR_FORMAT.some((re) => re.test(route.url))) {
      expect(res.contentType, where).toContain('application/json');
      const body = JSON.parse(res.text) as { error?: unknown };
      expect(typeof body.error === 'string' && body.error.length > 0, where).toBe(true);
    }
    if (res.status !== 429) {
      const after = await app.writes();
      if (after !== before) {
        const written = await app.ctx.pool.query<{ stream_id: string; type: string }>(
          `select stream_id, type from es_events where global_position > $1 and ${FOREGROUND_EVENTS} order by global_position limit 20`,
          [before],
        );
        expect.fail(`${where}\nrefused but wrote: ${written.rows.map((e) => `${e.stream_id} ${e.type}`).join(', ')}`);
      }
    }
  }
}

/** The same hostile inputs for every route, every run (the random cases add to these). */
function fixedCases(route: { method: string; url: string }): Case[] {
  const withBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
  const fill = (v: string) => route.url.replace(/:\w+/g, v).replace('*', 'sign-in/email');
  const out: Case[] = [];
  for (const token of ['user', 'admin'] as const) {
    for (const seg of [
      '%00',
      'a%00b',
      '%ED%A0%80',
      '%',
      encodeURIComponent("' OR 1=1 --"),
      'x'.repeat(499),
      '..%2F..%2Fetc%2Fpasswd',
    ]) {
      if (route.url.includes(':')) out.push({ method: route.method, path: fill(seg), query: '', token });
    }
    for (const q of [
      '%00=%00',
      'search=%00',
      'limit=NaN&page=-1',
      'limit=1e309',
      'page=1&page=2',
      'status=%3Cscript%3E',
      'ip=%00',
      `search=${'a'.repeat(3000)}`,
      'country=' + '%C3%A9'.repeat(500),
    ]) {
      out.push({ method: route.method, path: fill('some-id'), query: q, token });
    }
    if (withBody) {
      for (const text of [
        '{',
        '{"a":1,"a":2}',
        '{"vcIds":["\u0000"]}',
        '{"testVcIds":["a\u0000"],"testVcIds":[]}',
        '{"investorIds":["\u0000"]}',
        '{"ip":"\u0000"}',
        '{"companyName":"\u0000"}',
        '{"__proto__":{"x":1}}',
        '[]',
        'null',
      ]) {
        out.push({
          method: route.method,
          path: fill('some-id'),
          query: '',
          token,
          body: { raw: { text, contentType: 'application/json', what: 'fixed' } },
        });
      }
    }
  }
  return out;
}

describe('fuzzing every route', () => {
  it('never answers 5xx, always { error } for 4xx, writes nothing when refusing, and stays up', async () => {
    noteShortVariant('fuzz');
    const routes = app.runtime.app!.routeList.filter(
      (r) => (r.url.startsWith('/api/') || r.url.startsWith('/live/')) && !SKIP.has(r.url),
    );
    const sessionStillValid = async () => {
      for (const t of ['user', 'admin'] as const)
        expect((await app.api('GET', '/api/auth/me', { token: tokens[t] })).status, `${t} session`).toBe(200);
    };
    // Sanity: the catalog, submissions, credits, profile, security and identity routes are all here.
    for (const expected of [
      '/api/vc-firms',
      '/api/submit-to-test-vcs',
      '/live/:id/stream',
      '/api/credits/history',
      '/api/startup-profile',
      '/api/security/unblock-ip',
      '/api/identity/*',
      '/api/webhooks/payments',
    ]) {
      expect(
        routes.map((r) => r.url),
        expected,
      ).toContain(expected);
    }
    counts.routes = routes.length;
    // Every route is fuzzed even when one fails, so one run reports every broken route (shrunk).
    const failures: string[] = [];
    const slowest: Array<[string, number]> = [];
    for (const [i, route] of routes.entries()) {
      const began = performance.now();
      const result = await fc.check(
        fc.asyncProperty(caseFor(route), (c) => check(route, c)),
        { numRuns: RUNS, seed: SEED + i },
      );
      if (result.failed) {
        const cause =
          result.errorInstance instanceof Error
            ? result.errorInstance.message.split('\n')[0]
            : String(result.errorInstance);
        failures.push(
          `${route.method} ${route.url} (seed ${result.seed}, path ${result.counterexamplePath}): ${cause}`,
        );
      }
      // Still up, and still answering correctly.
      const health = await app.api('GET', '/api/health');
      expect(health.status, `after fuzzing ${route.method} ${route.url}`).toBe(200);
      await sessionStillValid();
      slowest.push([`${route.method} ${route.url}`, Math.round(performance.now() - began)]);
    }
    console.log(
      `[reliability] fuzz: slowest routes ${slowest
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([r, ms]) => `${r} ${ms} ms`)
        .join(', ')}`,
    );
    expect(failures).toEqual([]);

    // Fixed hostile inputs on every route, so that what once broke stays covered whatever the seed.
    const fixedFailures: string[] = [];
    for (const route of routes) {
      for (const c of fixedCases(route)) {
        try {
          await check(route, c);
        } catch (err) {
          fixedFailures.push(`${route.method} ${route.url}: ${(err as Error).message.split('\n')[0]}`);
        }
      }
    }
    expect(fixedFailures).toEqual([]);
    expect(counts.cases).toBeGreaterThanOrEqual(routes.length * RUNS);
    const me = await app.api('GET', '/api/auth/me', { token: tokens.user });
    expect(me.status).toBe(200);
  }, 900_000);
});
