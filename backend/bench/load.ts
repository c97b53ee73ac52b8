import { loadConfig, REPO_ROOT, type AppConfig, type SecurityConfig } from '@fp/infra';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { auditLedger } from '../src/modules/credits/index';
import { createRuntime, type Runtime } from '../src/runtime';
import { COMPLETE_PROFILE } from '../test/reliability/support';
import { benchPostgres, freshDatabase, percentile, round } from './support';

const log = (m: string) => console.error(`[bench] load: ${m}`);
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36';
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 10);
const USERS = 20;
const FIRMS = Number(process.env.BENCH_LOAD_FIRMS ?? 5000);

/**
 * Load on loopback (docs/reliability.md): the API runs in this process (role api, with
 * the projection runner beside it, no workflow worker, so submits are recorded and charged but no
 * browser starts), and a second process — autocannon — drives it for a bounded time:
 *   search       catalog list and search (VC firms and angels, text, filters, pages)
 *   submissions  the submissions list, stats and balance of 20 signed-in founders
 *   submit       POST /api/submit-to-selected-vcs, one new firm per call (a ledger charge and a submission each)
 *   mixed        60% search, 30% submission reads, 10% submits
 *   limited      search against a second API process-role on the production rate limits (50 list
 *                calls per minute per user and per IP): the only refusals are 429s
 * Each reports requests/s and p50/p95/p99 (exact, from every response time). Any answer other than
 * 2xx — or 429 where limits are configured — fails the bench. After the load, the ledger audit
 * must be clean. BENCH_LOAD_SECONDS, BENCH_LOAD_CONNECTIONS, BENCH_LOAD_FIRMS tune it.
 */
export async function bench(): Promise<Record<string, number | string>> {
  const server = await benchPostgres({ durable: false });
  const runtimes: Runtime[] = [];
  const out: Record<string, number | string> = {};
  try {
    const { url: databaseUrl, pool } = await freshDatabase(server, 'load');
    await pool.end();
    // Production security defaults (Postgres counter store, agent check, fingerprints); the
    // measured API has limits high enough not to trip, the "limited" one keeps the default limits.
    // Automatic blocking is off: every call comes from 127.0.0.1, which the limited run would
    // otherwise get blocked (and then every later call would be a 403).
    const prod = { ...loadConfig({}).security, autoBlock: false };
    const config = (security: Partial<SecurityConfig>): AppConfig => ({
      ...loadConfig({}),
      port: 0,
      host: '127.0.0.1',
      catalogSeed: 'off',
      sandboxPort: 0,
      dataDir: mkdtempSync(path.join(tmpdir(), 'fp-load-')),
      security: { ...prod, ...security },
    });
    const quiet = () => undefined;
    const projections = await createRuntime({ role: 'projections', databaseUrl, config: config({}), log: quiet });
    runtimes.push(projections);
    const api = await createRuntime({
      role: 'api',
      databaseUrl,
      config: config({ listLimit: 10 ** 9, bulkLimit: 10 ** 9, generalLimit: 10 ** 9, scrapeMaxPages: 10 ** 9 }),
      log: quiet,
    });
    runtimes.push(api);
    const limited = await createRuntime({
      role: 'api',
      databaseUrl,
      config: config({ scrapeMaxPages: 10 ** 9 }),
      log: quiet,
    });
    runtimes.push(limited);
    const apiUrl = api.url!.replace('localhost', '127.0.0.1');
    const limitedUrl = limited.url!.replace('localhost', '127.0.0.1');

    log(`seeding ${FIRMS} VC firms and ${FIRMS} angels, ${USERS} founders …`);
    const seeded = await api.services.catalog.seed(
      { vc: FIRMS, angels: FIRMS, seed: 11 },
      { now: new Date(), actor: 'bench' },
    );
    await api.ctx.projections.waitFor(seeded.checkpoint, 30 * 60_000);
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i++) tokens.push(await founder(api, apiUrl, i));
    const firmIds: string[] = (await call(apiUrl, 'GET', '/api/vc-firms/all-ids', tokens[0]!)).vcIds;
    if (firmIds.length !== FIRMS) throw new Error(`expected ${FIRMS} firms, got ${firmIds.length}`);

    const words = ['capital', 'ventures', 'partners', 'fund', 'seed', 'growth', 'labs', 'health', 'ai', 'climate'];
    const search = [
      ...words.map((w) => `/api/vc-firms?search=${w}`),
      ...words.map((w, i) => `/api/vc-firms?search=${w}&page=${(i % 3) + 1}&limit=25`),
      '/api/vc-firms?investorType=Venture%20Capital&limit=50',
      '/api/vc-firms?page=7',
      '/api/vc-firms?aumMin=100&aumMax=5000',
      ...words.slice(0, 5).map((w) => `/api/investors?search=${w}`),
      '/api/investors?page=3',
    ];
    const reads = ['/api/submissions?limit=100', '/api/submission-stats', '/api/credits/balance'];
    const kinds = {
      search: { method: 'GET', paths: search },
      reads: { method: 'GET', paths: reads },
      submit: { method: 'POST', path: '/api/submit-to-selected-vcs', firms: firmIds },
    };
    const scenarios: Array<{
      name: string;
      url: string;
      sequence: Array<keyof typeof kinds>;
      seconds: number;
      allow429: boolean;
    }> = [
      // First, while the shared per-IP counters are fresh.
      { name: 'limited', url: limitedUrl, sequence: ['search'], seconds: Math.min(5, SECONDS), allow429: true },
      { name: 'search', url: apiUrl, sequence: ['search'], seconds: SECONDS, allow429: false },
      { name: 'submissions', url: apiUrl, sequence: ['reads'], seconds: SECONDS, allow429: false },
      { name: 'submit', url: apiUrl, sequence: ['submit'], seconds: SECONDS, allow429: false },
      {
        name: 'mixed',
        url: apiUrl,
        sequence: ['search', 'reads', 'search', 'search', 'reads', 'search', 'submit', 'search', 'reads', 'search'],
        seconds: SECONDS,
        allow429: false,
      },
    ];
    const problems: string[] = [];
    // One counter of submits across scenarios: every (founder, firm) pair is used once.
    let submitOffset = 0;
    for (const s of scenarios) {
      log(`${s.name}: ${CONNECTIONS} connections for ${s.seconds} s …`);
      const r = await drive({
        url: s.url,
        connections: CONNECTIONS,
        seconds: s.seconds,
        sequence: s.sequence,
        kinds,
        tokens,
        userAgent: CHROME,
        submitOffset,
      });
      submitOffset += r.submits;
      const p = `load.${s.name}`;
      out[`${p}.requests`] = r.requests;
      out[`${p}.req_per_sec`] = round(r.requests / r.seconds, 0);
      out[`${p}.p50_ms`] = round(percentile(r.latencies, 50), 1);
      out[`${p}.p95_ms`] = round(percentile(r.latencies, 95), 1);
      out[`${p}.p99_ms`] = round(percentile(r.latencies, 99), 1);
      const ok = Object.entries(r.statuses)
        .filter(([c]) => c.startsWith('2'))
        .reduce((n, [, v]) => n + v, 0);
      const limitedCount = r.statuses['429'] ?? 0;
      const other = r.requests - ok - limitedCount + r.errors;
      out[`${p}.status_2xx`] = ok;
      if (s.allow429 || limitedCount) out[`${p}.status_429`] = limitedCount;
      out[`${p}.errors`] = other + (s.allow429 ? 0 : limitedCount);
      if (other)
        problems.push(
          `${s.name}: ${other} answers other than 2xx/429 or errors (${JSON.stringify(r.statuses)}, ${r.errors} errors)`,
        );
      if (!s.allow429 && limitedCount) problems.push(`${s.name}: ${limitedCount} unexpected 429s`);
      if (s.allow429 && !limitedCount) problems.push(`${s.name}: the production list limit never answered 429`);
    }

    // The ledger stayed sound under the submit load.
    await api.ctx.projections.waitFor(undefined, 120_000);
    const audit = await auditLedger(api.ctx);
    out['load.audit_ok'] = audit.ok ? 'yes' : `no: ${audit.problems} problem(s)`;
    out['load.audit_events'] = audit.events;
    if (!audit.ok) problems.push(`ledger audit: ${audit.problems} problem(s)`);
    const subs = await api.ctx.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    out['load.submissions_recorded'] = Number(subs?.n ?? 0);
    out['load.connections'] = CONNECTIONS;
    out['load.catalog_firms'] = FIRMS;
    log(JSON.stringify(out));
    if (problems.length) throw new Error(`load: ${problems.join('; ')} — figures: ${JSON.stringify(out)}`);
    return out;
  } finally {
    for (const rt of runtimes.reverse()) await rt.stop().catch(() => undefined);
    await server.stop();
  }
}

async function call(base: string, method: string, p: string, token: string, body?: unknown) {
  const res = await fetch(base + p, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'user-agent': CHROME,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** A registered founder with a complete profile and plenty of credits; returns a bearer token. */
async function founder(rt: Runtime, base: string, i: number): Promise<string> {
  const email = `load${i}.${Date.now().toString(36)}@example.com`;
  const created = await rt.identity.createUser({ email, password: 'load-bench-password', name: `Load Founder${i}` });
  const session = (await rt.identity.signIn(email, 'load-bench-password'))!;
  await call(base, 'POST', '/api/auth/sync-user', session.token, {
    id: created.id,
    email,
    firstName: 'Load',
    lastName: `Founder${i}`,
  });
  await call(base, 'PATCH', '/api/startup-profile', session.token, COMPLETE_PROFILE);
  await rt.services.credits.grant(created.id, 100_000, 'load bench', null, { now: new Date(), actor: 'bench' });
  return session.token;
}

interface DriveSpec {
  url: string;
  connections: number;
  seconds: number;
  sequence: string[];
  kinds: Record<string, { method: string; paths?: string[]; path?: string; firms?: string[] }>;
  tokens: string[];
  userAgent: string;
  submitOffset: number;
}

/**
 * autocannon in a child process (the load generator must not share this process's event loop
 * with the server). Requests are built per call: the kind from `sequence`, a path from its list,
 * the founder round-robin, and for submits a (founder, firm) pair never used before.
 */
const DRIVER = `
import autocannon from 'autocannon';
const spec = JSON.parse(process.env.LOAD_SPEC);
const counters = {};
let n = 0;
const latencies = [];
const statuses = {};
let submits = 0;
const next = (req) => {
  const kindName = spec.sequence[n++ % spec.sequence.length];
  const kind = spec.kinds[kindName];
  const k = (counters[kindName] = (counters[kindName] ?? -1) + 1);
  const headers = { 'user-agent': spec.userAgent };
  if (kindName === 'submit') {
    const i = spec.submitOffset + k;
    const token = spec.tokens[i % spec.tokens.length];
    const firm = kind.firms[Math.floor(i / spec.tokens.length) % kind.firms.length];
    submits++;
    return { ...req, method: 'POST', path: kind.path, headers: { ...headers, authorization: 'Bearer ' + token, 'content-type': 'application/json' }, body: JSON.stringify({ vcIds: [firm] }) };
  }
  const token = spec.tokens[k % spec.tokens.length];
  return { ...req, method: kind.method, path: kind.paths[k % kind.paths.length], headers: { ...headers, authorization: 'Bearer ' + token }, body: undefined };
};
const instance = autocannon({ url: spec.url, connections: spec.connections, duration: spec.seconds, requests: [{ setupRequest: next }] });
instance.on('response', (_client, statusCode, _bytes, responseTime) => {
  latencies.push(responseTime);
  statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
});
instance.on('done', (result) => {
  process.stdout.write(JSON.stringify({ requests: latencies.length, seconds: result.duration, errors: result.errors + result.timeouts, statuses, latencies, submits }));
});
`;

async function drive(spec: DriveSpec): Promise<{
  requests: number;
  seconds: number;
  errors: number;
  statuses: Record<string, number>;
  latencies: number[];
  submits: number;
}> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', DRIVER], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOAD_SPEC: JSON.stringify(spec) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0 || !stdout.startsWith('{')) throw new Error(`autocannon exited with ${code}: ${stderr.slice(0, 500)}`);
  return JSON.parse(stdout);
}
