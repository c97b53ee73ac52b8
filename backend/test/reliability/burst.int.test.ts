import { firmApplicationStream, submissionStream } from '@fp/contracts';
import { createTestDatabase, freePort, loadConfig, type TestDatabase } from '@fp/infra';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { createRuntime, type Runtime } from '../../src/runtime';
import { loopbackFirmsFile } from '../../src/testing/loopback-firms';
import {
  client,
  COMPLETE_PROFILE,
  killChildren,
  ledgerAuditCli,
  ledgerOf,
  long,
  noteShortVariant,
  serverEnv,
  startServer,
  TERMINAL,
  waitUntil,
  type ServerProcess,
} from './support';

/**
 * Issue 22, the burst-and-fault suite: rounds of 64 concurrent conflicting submits, 64 reads and a
 * storm of concurrent retries of the same submissions, against two API processes and a worker,
 * each with a pool of 8 connections; the worker is killed with SIGKILL during one round and an
 * API process during another (each started again). Throughout, /api/health answers within 1 s;
 * afterwards every accepted submit is exactly one application, no balance ever went below zero,
 * the ledger audit is clean, no firm is claimed by a finished submission, and no connection of the
 * API processes is left checked out.
 */
const ROUNDS = long(6, 20);
// The faults: the worker is killed in one round (started again at once), API 2 in a later one and started
// again in the next; the rounds after them run on the restarted processes.
const WORKER_KILLED = long(1, 3);
const API_KILLED = long(3, 6);
const SUBMITS = 64;
const READS = 64;
const FIRMS_PER_ROUND = 8;
const FOUNDERS = 2;
const CREDITS = 40;
const POOL = '8';

let db: TestDatabase | undefined;
let rt: Runtime | undefined;
afterAll(async () => {
  killChildren();
  await rt?.stop();
  await db?.drop();
});

const pick = <T>(items: T[], n: number) => [...items].sort(() => Math.random() - 0.5).slice(0, n);
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

it('survives bursts of conflicting submits, reads and retries with processes killed midway', async () => {
  noteShortVariant('burst and fault');
  db = await createTestDatabase(inject('pgAdminUrl'));
  const as = (name: string) => `${db!.url}${db!.url.includes('?') ? '&' : '?'}application_name=${name}`;
  // This process projects the read models and imports the firms; the spawned processes serve and work.
  rt = await createRuntime({
    role: 'cli',
    databaseUrl: db.url,
    log: () => {},
    config: { ...loadConfig({}), catalogSeed: 'off', dataDir: mkdtempSync(path.join(tmpdir(), 'fp-burst-')) },
  });
  const meta = { now: new Date(), actor: 'test' };
  // Loopback firms: accepted by submit (not demo data), outside the automation's allowed hosts, so
  // each run ends failed at once and is refunded — many runs, no outside site.
  const imported = await rt.services.catalog.importFirms(
    { source: 'fundraisingfox', file: loopbackFirmsFile(ROUNDS * FIRMS_PER_ROUND), dataDate: '2026-01-15' },
    meta,
  );
  await rt.services.catalog.waitUntilLoaded(imported.checkpoint, 120_000);
  const firmIds = (await rt.ctx.pool.query<{ id: string }>('select id from catalog_vc_firms order by id')).rows.map(
    (r) => r.id,
  );

  const common = { DB_POOL_MAX: POOL, WORKER_CONCURRENCY: '2' };
  const ports = [await freePort(), await freePort()];
  const apiEnv = (i: number) =>
    serverEnv(as(`fp-burst-api-${i + 1}`), {
      ...common,
      PORT: String(ports[i]),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `fp-burst-api${i}-`)),
    });
  const workerEnv = () =>
    serverEnv(as('fp-burst-worker'), {
      ...common,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fp-burst-worker-')),
      SANDBOX_PORT: '0',
    });
  const servers: ServerProcess[] = await Promise.all([startServer(apiEnv(0), 'api'), startServer(apiEnv(1), 'api')]);
  let worker = await startServer(workerEnv(), 'worker');
  const apis = ports.map((p) => client(`http://127.0.0.1:${p}`));
  let api2Up = true;
  const anyApi = (i: number) => (api2Up ? apis[i % 2]! : apis[0]!);

  const founders: { id: string; token: string }[] = [];
  for (let f = 0; f < FOUNDERS; f++) {
    const email = `burst${f}.${Date.now().toString(36)}@example.com`;
    const up = await apis[0]!('POST', '/api/identity/sign-up/email', {
      body: { email, password: 'burst-suite-password', name: `Burst Founder ${f}` },
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const founder = { id: up.body.user.id as string, token: up.body.token as string };
    expect(
      (
        await apis[1]!('POST', '/api/auth/sync-user', {
          token: founder.token,
          body: { id: founder.id, email, firstName: 'Burst', lastName: `Founder ${f}` },
        })
      ).status,
    ).toBe(200);
    expect(
      (await apis[0]!('PATCH', '/api/startup-profile', { token: founder.token, body: COMPLETE_PROFILE })).status,
    ).toBe(200);
    const have = await rt.services.credits.balance(founder.id);
    const granted = await rt.services.credits.grant(founder.id, CREDITS - have, 'burst suite credits', null, meta);
    await rt.ctx.projections.waitFor(granted.checkpoint, 30_000);
    founders.push(founder);
  }

  // Liveness, polled on API 1 (never killed) all through the rounds.
  const healthMs: number[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const t0 = performance.now();
      const r = await apis[0]!('GET', '/api/health').catch(() => ({ status: 0 }));
      healthMs.push(r.status === 200 ? performance.now() - t0 : Infinity);
      await new Promise((res) => setTimeout(res, 25));
    }
  })();

  const accepted = new Map<string, { founder: string }>();
  const statuses = new Map<number, number>();
  const count = (s: number) => statuses.set(s, (statuses.get(s) ?? 0) + 1);
  // A busy server may answer 503 with Retry-After (it must never hang or fail): counted, and kept rare (a CI run: 3 %; the old append: 54 %).
  let busy = 0;
  let answered = 0;
  const tally = (status: number) => {
    answered++;
    if (status === 503) busy++;
  };
  const retryWins = new Map<string, number>();
  // Retries whose answer says nothing of the outcome: 503 (busy, maybe after the write) or no answer (the process was killed).
  const retryUnsure = new Map<string, number>();
  let retried: string[] = [];

  for (let round = 0; round < ROUNDS; round++) {
    const firms = firmIds.slice(round * FIRMS_PER_ROUND, (round + 1) * FIRMS_PER_ROUND);
    const faults: Promise<void>[] = [];
    if (round === WORKER_KILLED) {
      faults.push(
        (async () => {
          await new Promise((r) => setTimeout(r, 50));
          worker.child.kill('SIGKILL');
          await worker.exited;
          worker = await startServer(workerEnv(), 'worker');
        })(),
      );
    }
    if (round === API_KILLED) {
      faults.push(
        (async () => {
          await new Promise((r) => setTimeout(r, 50));
          servers[1]!.child.kill('SIGKILL');
          await servers[1]!.exited;
          api2Up = false;
        })(),
      );
    }
    if (round === API_KILLED + 1) {
      servers[1] = await startServer(apiEnv(1), 'api');
      api2Up = true;
    }
    const submits = Array.from({ length: SUBMITS }, (_, i) => {
      const founder = founders[i % FOUNDERS]!;
      const vcIds = pick(firms, 1 + (i % 4));
      const api = anyApi(i);
      return api('POST', '/api/submit-to-selected-vcs', { token: founder.token, body: { vcIds } }).then(
        (r) => {
          count(r.status);
          tally(r.status);
          if (r.status === 200)
            for (const id of r.body.submissionIds as string[]) accepted.set(id, { founder: founder.id });
        },
        // Only a request in flight to the process killed this round may go unanswered.
        () => void expect(round === API_KILLED && api !== apis[0]).toBe(true),
      );
    });
    const reads = Array.from({ length: READS }, (_, i) => {
      const founder = founders[i % FOUNDERS]!;
      const api = anyApi(i + 1);
      const p = ['/api/submissions?limit=20', '/api/credits/balance', '/api/submission-stats', '/api/credits/history'][
        i % 4
      ]!;
      return api('GET', p, { token: founder.token }).then(
        (r) => {
          tally(r.status);
          expect([200, 503], `${p}: ${r.status} ${JSON.stringify(r.body)}`).toContain(r.status);
        },
        () => void expect(round === API_KILLED && api !== apis[0]).toBe(true),
      );
    });
    // The storm: the same few failed submissions retried 16 times at once each, on both APIs.
    const storm = retried.flatMap((id) =>
      Array.from({ length: 16 }, (_, i) => {
        const owner = accepted.get(id)!;
        const token = founders.find((f) => f.id === owner.founder)!.token;
        const api = anyApi(i);
        return api('POST', `/api/submissions/${id}/retry`, { token }).then(
          (r) => {
            tally(r.status);
            expect([200, 402, 409, 503], `retry: ${r.status} ${JSON.stringify(r.body)}`).toContain(r.status);
            if (r.status === 200) retryWins.set(id, (retryWins.get(id) ?? 0) + 1);
            if (r.status === 503) retryUnsure.set(id, (retryUnsure.get(id) ?? 0) + 1);
          },
          () => {
            expect(round === API_KILLED && api !== apis[0]).toBe(true);
            retryUnsure.set(id, (retryUnsure.get(id) ?? 0) + 1);
          },
        );
      }),
    );
    await Promise.all([...submits, ...reads, ...storm, ...faults]);
    // Next round's storm: submissions of this round that have failed by now (a run on a loopback firm ends at once).
    const ids = [...accepted.keys()];
    const rows = await rt.ctx.pool.query<{ id: string }>(
      `select id from submissions where id = any($1::text[]) and status = 'failed' limit 3`,
      [ids],
    );
    retried = rows.rows.map((r) => r.id);
  }
  polling = false;
  await poller;

  // Every submit was answered: applied, short of credits, or asked to try again (409, or 503 when busy) — never a 500.
  for (const s of statuses.keys())
    expect([200, 402, 409, 503], `submit answered ${s} ${statuses.get(s)} times`).toContain(s);
  // Busy answers stay rare: a pool wedged by appends that wait for a second connection answers most
  // conflicting submits 503 after the acquire timeout (the old append did: see docs/reliability.md).
  expect(busy / answered, `${busy} of ${answered} answers were 503`).toBeLessThan(0.15);
  expect(statuses.get(200) ?? 0).toBeGreaterThan(0);

  // Every run ends (the restarted worker took over the killed one's runs).
  const all = [...accepted.keys()];
  await waitUntil(
    'every run to end',
    async () => {
      const r = await rt!.ctx.pool.query<{ n: number }>(
        `select count(*)::int as n from submissions where id = any($1::text[]) and status <> all($2::text[])`,
        [all, TERMINAL],
      );
      return r.rows[0]!.n === 0;
    },
    240_000,
    500,
  );

  // Exactly one application per accepted submit; per founder and firm, never two under way at once:
  // the firm's claim stream alternates claimed → released/applied, and every application claimed it.
  const requested = await db.pool.query<{ id: string; user_id: string; firm: string }>(
    `select data->>'submissionId' as id, data->>'userId' as user_id, data->>'vcFirmId' as firm from es_events where type = 'SubmissionRequested'`,
  );
  const byId = new Map<string, number>();
  for (const r of requested.rows) byId.set(r.id, (byId.get(r.id) ?? 0) + 1);
  for (const id of all) expect(byId.get(id), `submission ${id}`).toBe(1);
  const claims = await rt.ctx.store.readStreams(
    requested.rows.map((r) => firmApplicationStream(r.user_id, false, r.firm)),
  );
  for (const r of requested.rows) {
    const events = claims.get(firmApplicationStream(r.user_id, false, r.firm))!.events;
    let holder: string | null = null;
    for (const e of events) {
      const d = e.data as { submissionId: string };
      if (e.type === 'FirmApplicationClaimed') {
        expect(holder, `${r.firm}: claimed by ${d.submissionId} while ${holder} held it`).toBeNull();
        holder = d.submissionId;
      } else {
        expect(holder, `${r.firm}: ${e.type} by ${d.submissionId} while ${holder} held it`).toBe(d.submissionId);
        holder = null;
      }
    }
    expect(
      events.some(
        (e) => e.type === 'FirmApplicationClaimed' && (e.data as { submissionId: string }).submissionId === r.id,
      ),
      `${r.id} never claimed ${r.firm}`,
    ).toBe(true);
  }
  // A retry storm starts one attempt per failure, and each started attempt was answered 200 to one caller.
  // (A 503 or a killed process may hide that a retry started; it may not add more than those answers.)
  for (const id of new Set([...retryWins.keys(), ...retryUnsure.keys()])) {
    const { events } = await rt.ctx.store.readStream(submissionStream(id));
    const started = events.filter((e) => e.type === 'SubmissionRetried').length;
    expect(started, id).toBeGreaterThanOrEqual(retryWins.get(id) ?? 0);
    expect(started, id).toBeLessThanOrEqual((retryWins.get(id) ?? 0) + (retryUnsure.get(id) ?? 0));
    // Never two attempts at once: each retry follows the end of the attempt before it.
    let running = true;
    for (const e of events) {
      if (e.type === 'SubmissionRetried') {
        expect(running, `${id}: retried while an attempt was under way`).toBe(false);
        running = true;
      } else if (e.type === 'SubmissionFailed' || e.type === 'SubmissionStopped' || e.type === 'SubmissionCompleted')
        running = false;
    }
  }
  // No finished submission still holds its firm (a lost retry gave back nothing the winner held).
  // (Settling follows the terminal event as a command of its own: wait for it, bounded.)
  await waitUntil(
    'every finished submission to let go of its firm',
    async () => {
      const streams = await rt!.ctx.store.readStreams(
        requested.rows.map((r) => firmApplicationStream(r.user_id, false, r.firm)),
      );
      return [...streams.values()].every((s) => s.events.at(-1)?.type !== 'FirmApplicationClaimed');
    },
    60_000,
    500,
  );

  // Balances never below zero, each reference charged and refunded at most once; the audit agrees.
  for (const f of founders) expect((await ledgerOf(rt.ctx.store, f.id)).problems).toEqual([]);
  await rt.ctx.projections.waitFor(undefined, 60_000);
  const audit = await ledgerAuditCli(db.url);
  expect(audit.exitCode, audit.output).toBe(0);
  expect(audit.result.ok).toBe(true);

  // Liveness answered within 1 s throughout.
  const p99 = percentile(healthMs, 99);
  console.log(
    JSON.stringify({
      suite: 'burst',
      rounds: ROUNDS,
      submits: Object.fromEntries(statuses),
      answered,
      busy503: busy,
      applications: all.length,
      retriesStarted: [...retryWins.values()].reduce((a, b) => a + b, 0),
      healthChecks: healthMs.length,
      healthP50Ms: Math.round(percentile(healthMs, 50)),
      healthP99Ms: Math.round(p99),
    }),
  );
  expect(p99).toBeLessThan(1_000);

  // No connection of the API processes is left checked out once the traffic stops.
  await waitUntil(
    'the API pools to be back to their baseline',
    async () => {
      const r = await rt!.ctx.pool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name like 'fp-burst-api-%' and state <> 'idle'`,
      );
      return r.rows[0]!.n === 0;
    },
    15_000,
    200,
  );
}, 900_000);
