import { profileStream, type ProfileEvent } from '@fp/contracts';
import { startEmbeddedPostgres } from '@fp/infra';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestApp } from '../src/testing/app';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 10) / 10;
};

/**
 * Startup profile figures: PATCH latency (append + read model caught up, over HTTP),
 * GET throughput, and rebuild speed of the startup_profiles read model.
 */
export async function bench(): Promise<Record<string, number | string>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fp-bench-profile-'));
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), durable: false });
  const app = await startTestApp({ pgAdminUrl: server.adminUrl });
  try {
    const { token } = await app.createUser();

    // 1. PATCH: sequential saves of one profile, each changing two fields (what the settings screen does).
    const patchMs: number[] = [];
    for (let i = 0; i < 300; i++) {
      const t = performance.now();
      const r = await app.api('PATCH', '/api/startup-profile', {
        token,
        body: {
          companyName: `Acme ${i}`,
          problem: `Problem ${i} `.repeat(50),
          industry: 'SaaS',
          founderEmail: 'ada@acme.io',
        },
      });
      if (r.status !== 200) throw new Error(`PATCH answered ${r.status}`);
      patchMs.push(performance.now() - t);
    }

    // 2. GET: 2,000 reads, 10 at a time; the credit balance (same session check, one-row read) as a baseline.
    const perSec = async (p: string) => {
      let left = 2000;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          while (left-- > 0) {
            const r = await app.api('GET', p, { token });
            if (r.status !== 200) throw new Error(`GET ${p} answered ${r.status}`);
          }
        }),
      );
      return 2000 / ((performance.now() - t0) / 1000);
    };
    const baselinePerSec = await perSec('/api/credits/balance');
    const getPerSec = await perSec('/api/startup-profile');

    // 3. Rebuild: 5,000 founders × 4 saves = 20,000 events replayed into startup_profiles.
    const founders = 5000;
    for (let b = 0; b < founders; b += 100) {
      await Promise.all(
        Array.from({ length: 100 }, (_, k) => {
          const userId = `bench-${b + k}`;
          const ev = (set: ProfileEvent['data']['set'], cleared: ProfileEvent['data']['cleared'] = []) => ({
            type: 'StartupProfileChanged',
            data: { userId, set, cleared },
            metadata: { now: new Date().toISOString(), actor: userId },
          });
          return app.ctx.store.append(
            profileStream(userId),
            [
              ev({ companyName: `Company ${b + k}`, industry: 'SaaS', stage: 'Seed' }),
              ev({ founderName: 'Ada', founderEmail: 'ada@example.com', website: 'https://example.com' }),
              ev({ problem: 'p'.repeat(500), solution: 's'.repeat(500), description: 'd'.repeat(1500) }),
              ev({ stage: 'Series A' }, ['website']),
            ],
            'no_stream',
          );
        }),
      );
    }
    await app.ctx.projections.waitFor(undefined, 120_000);
    const [rebuilt] = await app.ctx.projections.rebuild('startup_profiles');
    const rows = Number((await app.ctx.pool.query('select count(*) as n from startup_profiles')).rows[0].n);

    return {
      'profile.patch_p50_ms': pct(patchMs, 50),
      'profile.patch_p95_ms': pct(patchMs, 95),
      'profile.get_per_sec': Math.round(getPerSec),
      'profile.get_baseline_credits_balance_per_sec': Math.round(baselinePerSec),
      'profile.rebuild_events': rebuilt!.events,
      'profile.rebuild_rows': rows,
      'profile.rebuild_events_per_sec': Math.round(rebuilt!.events / (rebuilt!.ms / 1000)),
    };
  } finally {
    await app.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
