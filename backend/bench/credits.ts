import { PostgresEventStore } from '@fp/infra';
import { ProjectionRunner } from '@fp/projections';
import { auditLedger, createCreditsModule } from '../src/modules/credits/index';
import { benchPlatform, benchPostgres, drive, freshDatabase, round, writeCreditLedgers } from './support';

const log = (m: string) => console.error(`[bench] credits: ${m}`);

/**
 * Credits figures: spend commands per second on one busy ledger and across 1,000
 * ledgers (durable commits, as in the app), the time 50 simultaneous spends against a balance of
 * 10 take, and `ledger audit` over 1,000,000 credit events.
 */
export async function bench(): Promise<Record<string, number | string>> {
  const server = await benchPostgres({ durable: true });
  try {
    const { pool, db } = await freshDatabase(server, 'bench_credits');
    const store = new PostgresEventStore(pool);
    const creditsModule = createCreditsModule({ ctx: benchPlatform({ pool, db, store }) });
    const credits = creditsModule.service;
    const meta = () => ({ now: new Date(), actor: 'bench' });
    const spend = (userId: string, reference: string) =>
      credits.spend(
        userId,
        { amount: 1, spendKind: 'vc_application', reference, reason: 'bench', insufficientMessage: 'short' },
        meta(),
      );
    const WORKERS = 64;

    // 1. One busy ledger: 64 callers spending on the same user.
    await credits.grant('busy', 1_000_000, 'bench', null, meta());
    const busy = await drive(20_000, WORKERS, (i) => spend('busy', `busy-${i}`));
    log(`one ledger: ${round(busy.perSec, 0)} spends/s`);

    // 2. 1,000 ledgers: the same callers spending on random users.
    const USERS = 1000;
    await drive(USERS, WORKERS, (i) => credits.grant(`u${i}`, 1000, 'bench', null, meta()));
    const spread = await drive(20_000, WORKERS, (i) => spend(`u${Math.floor(Math.random() * USERS)}`, `spread-${i}`));
    log(`1,000 ledgers: ${round(spread.perSec, 0)} spends/s`);

    // For scale: bare single-event appends by the same number of callers on this machine (no decider, no queue).
    const raw = await drive(5000, WORKERS, (i) =>
      store.append(`raw-${i}`, [{ type: 'BenchAppended', data: { i } }], 'no_stream'),
    );
    log(`bare appends: ${round(raw.perSec, 0)}/s`);

    // 3. 50 simultaneous spends against a balance of 10.
    await credits.grant('race', 10, 'bench', null, meta());
    const r0 = performance.now();
    const race = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => spend('race', `race-${i}`)));
    const raceMs = performance.now() - r0;
    const raceOk = race.filter((r) => r.status === 'fulfilled').length;

    // 4. A million credit events, written directly in batches (one append of 1,000 events per ledger).
    const LEDGERS = 1000;
    const PER_LEDGER = 1000;
    const g0 = performance.now();
    await writeCreditLedgers(store, LEDGERS, PER_LEDGER);
    const generatedMs = performance.now() - g0;
    log(`generated ${LEDGERS * PER_LEDGER} events in ${Math.round(generatedMs)} ms`);

    // The read model the audit compares with: the credits projection catching up on the whole log.
    const runner = new ProjectionRunner(db, store, pool, creditsModule.projections ?? [], () => {});
    const p0 = performance.now();
    await runner.start();
    await runner.waitFor(undefined, 30 * 60_000);
    const projectedMs = performance.now() - p0;
    const projected = (await pool.query(`select count(*)::int as n from credit_movements`)).rows[0].n as number;
    log(`projected ${projected} events in ${Math.round(projectedMs)} ms`);

    const report = await auditLedger({ store, db, pool, projections: runner });
    log(`audit: ${report.events} events, ${report.streams} ledgers in ${report.ms} ms, ok=${report.ok}`);
    await runner.stop();
    await db.destroy();
    return {
      'credits.spend_one_ledger_per_s': round(busy.perSec, 0),
      'credits.spend_one_ledger_p95_ms': round(busy.p95, 1),
      'credits.spend_1000_ledgers_per_s': round(spread.perSec, 0),
      'credits.spend_1000_ledgers_p95_ms': round(spread.p95, 1),
      'credits.spend_callers': WORKERS,
      'credits.bare_append_per_s': round(raw.perSec, 0),
      'credits.race_50_vs_10_ms': round(raceMs, 1),
      'credits.race_50_vs_10_succeeded': raceOk,
      'credits.generate_1m_events_ms': Math.round(generatedMs),
      'credits.projection_catch_up_events_per_s': round(projected / (projectedMs / 1000), 0),
      'credits.audit_events': report.events,
      'credits.audit_ledgers': report.streams,
      'credits.audit_ms': report.ms,
      'credits.audit_ok': String(report.ok),
    };
  } finally {
    await server.stop();
  }
}
