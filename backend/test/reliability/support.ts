import { SAMPLE_COMPLETE_PROFILE } from '@fp/contracts/testing';
import { CREDIT_STREAM_PREFIX, submissionStream } from '@fp/contracts';
import { backendEntryArgs, REPO_ROOT, type EventStore, type RecordedEvent } from '@fp/infra';
import type { Projection } from '@fp/projections';
import { spawn, type ChildProcess } from 'node:child_process';
import type pg from 'pg';
import type { Runtime } from '../../src/runtime';
import type { TestApp } from '../../src/testing/app';
import { FIXTURE_CHOICES, founder as fixtureFounder, TERMINAL, testFirmId } from '../submissions-helpers';

/**
 * Shared pieces of the reliability suite (docs/reliability.md): founders with a complete profile
 * and a small balance, ledger invariants read straight from the event store, the CLI's ledger
 * audit, read-model snapshots for rebuild comparisons, and the real server as a child process.
 */

/** RELIABILITY_LONG=1 runs the long variants (more users, requests, fuzz cases). */
const LONG = process.env.RELIABILITY_LONG === '1';
export const long = <T>(short: T, longer: T): T => (LONG ? longer : short);
export function noteShortVariant(what: string) {
  if (!LONG) console.log(`[reliability] ${what}: short variant (set RELIABILITY_LONG=1 for the long one)`);
}

/** The one profile fixture (contracts/src/profile/sample.ts), under the name these tests know it by. */
export const COMPLETE_PROFILE = SAMPLE_COMPLETE_PROFILE;

export { TERMINAL, testFirmId };

/**
 * A signed-up founder with a complete profile and exactly `credits` credits: the same fixture as the
 * other submission tests (terms setting on, the sandbox's required statement answered yes), or no
 * profile and no settings at all with `profile: false`.
 */
export async function founder(app: TestApp, credits: number, opts: { profile?: boolean } = {}) {
  const user =
    opts.profile === false ? await app.createUser() : await fixtureFounder(app, 0, COMPLETE_PROFILE, FIXTURE_CHOICES);
  const have = await app.services.credits.balance(user.id);
  if (credits > have)
    await app.services.credits.grant(user.id, credits - have, 'reliability test credits', null, {
      now: new Date(),
      actor: 'test',
    });
  await app.ctx.projections.waitFor(undefined, 30_000);
  const balance = await app.services.credits.balance(user.id);
  if (balance !== credits) throw new Error(`founder has ${balance} credits, wanted ${credits}`);
  return user;
}

export async function waitUntil<T>(
  what: string,
  f: () => Promise<T | null | undefined | false>,
  timeoutMs = 60_000,
  everyMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

// ---------------------------------------------------------------------------------------------
// The ledger, read from the event store (never from the read models under test)

export interface LedgerFacts {
  userId: string;
  balance: number;
  /** Every movement in stream order. */
  events: RecordedEvent[];
  /** Spend references in order (one entry per CreditsSpent event). */
  spent: string[];
  refunded: string[];
  problems: string[];
}

/**
 * One user's ledger with the invariants every test checks: the balance never below zero, each
 * reference charged at most once and refunded at most once, and only after it was charged.
 */
export async function ledgerOf(store: EventStore, userId: string): Promise<LedgerFacts> {
  const { events } = await store.readStream(`${CREDIT_STREAM_PREFIX}${userId}`);
  const facts: LedgerFacts = { userId, balance: 0, events, spent: [], refunded: [], problems: [] };
  const charged = new Set<string>();
  const refunded = new Set<string>();
  for (const e of events) {
    const d = e.data as { amount: number; balanceAfter: number; reference: string | null };
    facts.balance += d.amount;
    if (facts.balance < 0) facts.problems.push(`balance ${facts.balance} after position ${e.streamPosition}`);
    if (d.balanceAfter !== facts.balance)
      facts.problems.push(`position ${e.streamPosition} records ${d.balanceAfter}, sum is ${facts.balance}`);
    if (e.type === 'CreditsSpent') {
      const ref = d.reference ?? '';
      // A retry is a new attempt with a new reference: one reference is never charged twice.
      if (charged.has(ref)) facts.problems.push(`reference ${ref} charged twice`);
      charged.add(ref);
      facts.spent.push(ref);
    }
    if (e.type === 'CreditsRefunded') {
      const ref = d.reference ?? '';
      if (!charged.has(ref)) facts.problems.push(`reference ${ref} refunded but never charged`);
      if (refunded.has(ref)) facts.problems.push(`reference ${ref} refunded twice`);
      refunded.add(ref);
      facts.refunded.push(ref);
    }
  }
  return facts;
}

/** Terminal outcome events of a submission's stream (exactly one per finished attempt in a sound log). */
export async function outcomesOf(store: EventStore, submissionId: string) {
  const { events } = await store.readStream(submissionStream(submissionId));
  return events.filter((e) => ['SubmissionCompleted', 'SubmissionFailed', 'SubmissionStopped'].includes(e.type));
}

/** Waits until every submission is terminal and every failed one refunded; answers their rows. */
type Queryable = {
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
};
export function settledSubmissions(db: Queryable, ids: string[], timeoutMs: number) {
  return waitUntil(
    'every submission terminal and every failure refunded',
    async () => {
      const r = await db.query<{ id: string; vc_firm_id: string; status: string; credit_refunded: boolean }>(
        'select id, vc_firm_id, status, credit_refunded from submissions where id = any($1)',
        [ids],
      );
      const done = r.rows.every(
        (s) => ['completed', 'stopped'].includes(s.status) || (s.status === 'failed' && s.credit_refunded),
      );
      return r.rows.length === ids.length && done && r.rows;
    },
    timeoutMs,
    250,
  );
}

/**
 * `npm run cli -- ledger audit --json` as the operator runs it: the real CLI in its own process on
 * the given database. Returns its JSON result and exit code (1 on any problem).
 */
export async function ledgerAuditCli(
  databaseUrl: string,
): Promise<{ exitCode: number | null; result: AuditResult; output: string }> {
  const child = spawn(process.execPath, [...backendEntryArgs('cli/index'), 'ledger', 'audit', '--json'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, CATALOG_SEED: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const line = stdout.split('\n').find((l) => l.startsWith('{'));
  if (!line) throw new Error(`ledger audit printed no JSON (exit ${exitCode}):\n${stdout}\n${stderr}`);
  return { exitCode, result: JSON.parse(line) as AuditResult, output: stdout + stderr };
}

export interface AuditResult {
  ok: boolean;
  streams: number;
  events: number;
  problems: number;
  rows: Array<{ userId: string; status: string; problem: string | null; replayed: number; readModel: number | null }>;
}

// ---------------------------------------------------------------------------------------------
// Read models: snapshots and rebuilds

/** Every projection the modules declare (the runner's list), with the tables each owns. */
export function projectionsOf(rt: Runtime): Projection[] {
  return rt.modules.flatMap((m) => m.projections ?? []);
}

export type Snapshot = Map<string, unknown[]>;

/**
 * Columns a projection stamps with the clock of the moment it runs (`now()`), not with anything
 * from the log: a rebuild cannot reproduce them, so comparisons leave them out. Keep this short;
 * each entry is a finding reported to the module's owner (docs/reliability.md, "Findings").
 * (`seq` is the search index's change number, migration 420: when a row was written, by design.)
 */
const PROJECTION_TIME_COLUMNS: Record<string, string[]> = {
  catalog_imports: ['updated_at'],
  catalog_search_imports: ['updated_at'],
  search_vc_firms: ['seq'],
  search_angels: ['seq'],
};

/** Rows of each table, every column, ordered by the primary key (text form, so types compare exactly). */
export async function snapshotTables(
  pool: pg.Pool,
  tables: string[],
  ignore: Record<string, string[]> = PROJECTION_TIME_COLUMNS,
): Promise<Snapshot> {
  const snap: Snapshot = new Map();
  for (const table of tables) {
    const pk = await pool.query<{ col: string }>(
      `select a.attname as col from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
       where i.indrelid = $1::regclass and i.indisprimary order by array_position(i.indkey, a.attnum)`,
      [table],
    );
    const cols = await pool.query<{ col: string }>(
      `select column_name as col from information_schema.columns where table_name = $1 and table_schema = current_schema() order by ordinal_position`,
      [table],
    );
    const keep = cols.rows.map((c) => c.col).filter((c) => !(ignore[table] ?? []).includes(c));
    const order = pk.rows.length ? pk.rows.map((r) => `"${r.col}"`).join(', ') : keep.map((c) => `"${c}"`).join(', ');
    const r = await pool.query({
      text: `select ${keep.map((c) => `"${c}"::text`).join(', ')} from "${table}" order by ${order}`,
      rowMode: 'array',
    });
    snap.set(table, r.rows);
  }
  return snap;
}

/** Differences between two snapshots, table by table (at most a few rows each, for the failure message). */
export function diffSnapshots(live: Snapshot, rebuilt: Snapshot): string[] {
  const out: string[] = [];
  for (const [table, rows] of live) {
    const other = rebuilt.get(table) ?? [];
    if (JSON.stringify(rows) === JSON.stringify(other)) continue;
    const a = new Set(rows.map((r) => JSON.stringify(r)));
    const b = new Set(other.map((r) => JSON.stringify(r)));
    const onlyLive = [...a].filter((x) => !b.has(x)).slice(0, 3);
    const onlyRebuilt = [...b].filter((x) => !a.has(x)).slice(0, 3);
    out.push(
      `${table}: ${rows.length} live rows vs ${other.length} rebuilt; live only ${onlyLive.join(' | ') || '-'}; rebuilt only ${onlyRebuilt.join(' | ') || '-'}`,
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The real server as a child process

export interface ServerProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string | null>;
}

const live = new Set<ChildProcess>();
/** Kills every child still running (afterAll). Each was started by this test file. */
export function killChildren() {
  for (const c of live) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}

/** The server (backendEntryArgs('main') [--role=…]) with `env` in a child process; resolves once it logs ready. */
export function startServer(
  env: Record<string, string>,
  role?: string,
  readyTimeoutMs = 120_000,
): Promise<ServerProcess> {
  const args = [...backendEntryArgs('main'), ...(role ? [`--role=${role}`] : [])];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolve(code ?? signal);
    }),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server (${role ?? 'all'}) did not start in ${readyTimeoutMs} ms:\n${out}`)),
      readyTimeoutMs,
    );
    const check = () => {
      if (out.includes('ready in')) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        resolve({ child, output: () => out, exited });
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server (${role ?? 'all'}) exited with ${code} before it was ready:\n${out}`));
    });
  });
}

/** Environment of a spawned server for tests: the run's database, no catalog seed, loopback only. */
export function serverEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    CATALOG_SEED: 'off',
    // Nobody takes over in these runs: a CAPTCHA firm fails at once, as the suites expect.
    TAKEOVER_MINUTES: '0',
    // A Node fetch client, not a browser: the user-agent check is the security module's own test.
    SECURITY_USER_AGENT_MODE: 'off',
    SECURITY_FINGERPRINT_MODE: 'off',
    RATE_LIMIT_GENERAL: '1000000',
    RATE_LIMIT_LIST: '1000000',
    RATE_LIMIT_BULK: '1000000',
    SECURITY_SCRAPE_MAX_PAGES: '1000000',
    SECURITY_AUTO_BLOCK: 'false',
    NODE_ENV: 'test',
    ...extra,
  };
}

/** Minimal HTTP client for a spawned server. */
export function client(base: string) {
  return async function call<T = any>(
    method: string,
    p: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(base + p, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let body: any = text;
    if (res.headers.get('content-type')?.includes('json')) body = text ? JSON.parse(text) : null;
    return { status: res.status, body: body as T, headers: res.headers };
  };
}
