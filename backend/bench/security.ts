import { loadConfig, type SecurityConfig } from '@fp/infra';
import { startTestApp, type TestApp } from '../src/testing/app';
import { benchPostgres, percentile, round } from './support';

const log = (m: string) => console.error(`[bench] security: ${m}`);
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36';

/** Only what the measured call needs: no workflow engine or catalog, so that three apps fit in one process. */
const BASE = ['health', 'credits', 'accounts'];

/**
 * Overhead of the abuse protection per request: the same signed-in API call on three
 * apps side by side — without the security module, with it on its production defaults (Postgres
 * counter store shared across processes, agent and fingerprint checks; limits high enough not to
 * trip), and with the memory store. Rounds alternate between the apps so that load from elsewhere
 * on the machine hits all three alike. Also: refusing a blocked address, recording a violation.
 */
export async function bench(): Promise<Record<string, number | string>> {
  const server = await benchPostgres({ durable: true });
  const out: Record<string, number | string> = {};
  const apps: TestApp[] = [];
  try {
    // Production defaults; 'node' is allowed only so that createUser (Node's fetch) can register the user.
    const prod: SecurityConfig = {
      ...loadConfig({}).security,
      userAgentAllowList: ['node'],
      listLimit: 10 ** 9,
      bulkLimit: 10 ** 9,
      generalLimit: 10 ** 9,
    };
    const variants: Array<[string, Partial<SecurityConfig> | null]> = [
      ['without', null],
      // No dedup, so that every violation recorded below is a real append.
      ['postgres', { ...prod, violationDedupMs: 0 }],
      ['memory', { ...prod, rateLimitStore: 'memory' }],
    ];
    const calls: Array<() => Promise<void>> = [];
    for (const [name, security] of variants) {
      const app = await startTestApp({
        pgAdminUrl: server.adminUrl,
        security: security ?? {},
        mount: (name) => BASE.includes(name) || (security !== null && name === 'security'),
      });
      apps.push(app);
      const u = await app.createUser({ password: 'bench-password' });
      // A fresh session first used by "the browser", as in the app (createUser's token was first used by Node).
      const session = (await app.runtime.identity.signIn(u.email, 'bench-password'))!;
      const headers = { authorization: `Bearer ${session.token}`, 'user-agent': CHROME };
      // A cheap signed-in read (one indexed row): what differs between the apps is the guards.
      calls.push(async () => {
        const res = await fetch(`${app.url}/api/credits/balance`, { headers });
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      });
    }

    const ROUNDS = 20;
    const PER_ROUND = 100;
    const lat: number[][] = variants.map(() => []);
    for (const call of calls) for (let i = 0; i < 100; i++) await call(); // warm-up
    for (let r = 0; r < ROUNDS; r++) {
      for (let v = 0; v < calls.length; v++) {
        for (let i = 0; i < PER_ROUND; i++) {
          const s = performance.now();
          await calls[v]!();
          lat[v]!.push(performance.now() - s);
        }
      }
    }
    // Throughput with 16 concurrent callers, one app after the other.
    const WORKERS = 16;
    const N = 2000;
    variants.forEach(([name], v) => {
      out[`security.request_${name}_p50_ms`] = round(percentile(lat[v]!, 50), 2);
      out[`security.request_${name}_p95_ms`] = round(percentile(lat[v]!, 95), 2);
    });
    for (let v = 0; v < calls.length; v++) {
      let next = 0;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: WORKERS }, async () => {
          while (next++ < N) await calls[v]!();
        }),
      );
      out[`security.request_${variants[v]![0]}_per_sec_16_callers`] = round(N / ((performance.now() - t0) / 1000), 0);
    }
    for (const name of ['postgres', 'memory']) {
      out[`security.overhead_${name}_p50_ms`] = round(
        Number(out[`security.request_${name}_p50_ms`]) - Number(out['security.request_without_p50_ms']),
        2,
      );
      out[`security.overhead_${name}_p95_ms`] = round(
        Number(out[`security.request_${name}_p95_ms`]) - Number(out['security.request_without_p95_ms']),
        2,
      );
    }
    log(JSON.stringify(out));

    // A blocked address: answered from the in-memory block list before the session check.
    const app = apps[1]!;
    await app.services.security.blockIp('203.0.113.1', 'bench', null, { now: new Date(), actor: 'bench' });
    const blocked: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const s = performance.now();
      const res = await fetch(`${app.url}/api/credits/balance`, {
        headers: { 'x-forwarded-for': '203.0.113.1', 'user-agent': CHROME },
      });
      if (res.status !== 403) throw new Error(`blocked: ${res.status}`);
      await res.arrayBuffer();
      blocked.push(performance.now() - s);
    }
    out['security.blocked_403_p50_ms'] = round(percentile(blocked, 50), 2);
    out['security.blocked_403_p95_ms'] = round(percentile(blocked, 95), 2);

    // Recording a violation (an append on the address's stream), spread over 100 addresses.
    const rec: number[] = [];
    for (let i = 0; i < 500; i++) {
      const s = performance.now();
      await app.services.security.recordViolation({
        type: 'rate_limit',
        ip: `198.51.100.${i % 100}`,
        method: 'GET',
        endpoint: '/api/vc-firms',
        userAgent: 'bench',
        detail: `bench ${i}`,
      });
      rec.push(performance.now() - s);
    }
    out['security.record_violation_p50_ms'] = round(percentile(rec, 50), 2);
    out['security.record_violation_p95_ms'] = round(percentile(rec, 95), 2);
    log(
      `blocked 403 p50 ${out['security.blocked_403_p50_ms']} ms; record violation p50 ${out['security.record_violation_p50_ms']} ms`,
    );
    return out;
  } finally {
    for (const a of apps) await a.close().catch(() => undefined);
    await server.stop();
  }
}
