import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';

// bigint columns (counts, sequences) come back as JS numbers: every value we keep fits in 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
// numeric stays a string unless a query casts it.

export type Db = Kysely<any>;
export type Tx = Transaction<any>;

/** Every wait on the database has a limit (docs/reliability.md, "Timeouts"). */
export interface PoolLimits {
  /** Most connections the pool opens (DB_POOL_MAX). */
  max?: number;
  /** How long a caller waits for a free connection before it fails (DB_ACQUIRE_TIMEOUT_MS). */
  acquireTimeoutMs?: number;
  /** Longest statement the server runs for us (DB_STATEMENT_TIMEOUT_MS); bulk work lifts it for its own session. */
  statementTimeoutMs?: number;
  /** Longest wait for a row or table lock (DB_LOCK_TIMEOUT_MS). */
  lockTimeoutMs?: number;
}

const DEFAULT_POOL_LIMITS = {
  max: 10,
  acquireTimeoutMs: 5_000,
  statementTimeoutMs: 30_000,
  lockTimeoutMs: 10_000,
} as const;

export function createPool(connectionString: string, limits: number | PoolLimits = {}): pg.Pool {
  const l = { ...DEFAULT_POOL_LIMITS, ...(typeof limits === 'number' ? { max: limits } : limits) };
  const pool = new pg.Pool({
    connectionString,
    max: l.max,
    idleTimeoutMillis: 10_000,
    // Waiting for a free connection (and for a new one to open) ends with an error instead of forever.
    connectionTimeoutMillis: l.acquireTimeoutMs,
    statement_timeout: l.statementTimeoutMs,
    lock_timeout: l.lockTimeoutMs,
    // A transaction left open by a crashed request must not hold its locks (and its connection) for good.
    idle_in_transaction_session_timeout: Math.max(60_000, l.statementTimeoutMs * 2),
  });
  // A connection lost (a restart, a failover, an operator) must not crash the process. pg-pool listens
  // only while a client is idle; one checked out (a transaction between statements) would throw its
  // 'error' out of the process, so every client gets a listener of its own for its whole life. The
  // query it was running fails on its own; the pool drops the client when it is released.
  pool.on('connect', (client) => client.on('error', reportLostConnection('connection')));
  // The same error, forwarded by pg-pool for an idle client: already reported by the client's listener.
  pool.on('error', () => undefined);
  return pool;
}

/** The listener that logs a connection's loss (`what`: a pool connection, or a dedicated one's purpose). */
function reportLostConnection(what: string): (err: Error) => void {
  return (err) => {
    // 57P01: the server is shutting down (Ctrl-C, a test dropping its database): expected, not news.
    if ((err as { code?: string }).code !== '57P01') console.error(`[db] ${what} lost`, err.message);
  };
}

/**
 * A connection of its own, outside the pool, for what holds one for the life of the process
 * (LISTEN, session advisory locks): such holders must not shrink the pool that requests draw from,
 * nor wait in its queue. Same server, same limits; no statement timeout (it only waits for notices).
 */
export async function openDedicatedClient(pool: pg.Pool, purpose: string): Promise<pg.Client> {
  const o = pool.options as pg.PoolConfig;
  const client = new pg.Client({
    connectionString: o.connectionString,
    connectionTimeoutMillis: o.connectionTimeoutMillis,
    lock_timeout: o.lock_timeout,
    application_name: purpose,
  });
  client.on('error', reportLostConnection(`${purpose} connection`));
  await client.connect();
  return client;
}

/**
 * SQLSTATEs and driver errors that mean "the database is busy or briefly away", not "the request is
 * wrong" nor "the code is broken": no free connection in time, a statement or lock wait over its limit,
 * or the connection cut by a restart, a failover or an operator (answered 503 with Retry-After; a
 * projection tries the batch again instead of stopping).
 */
export function isDatabaseBusy(err: unknown, depth = 0): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  // Libraries (better-auth, kysely) may wrap the driver's error.
  if (e.cause && depth < 3 && isDatabaseBusy(e.cause, depth + 1)) return true;
  if (e.code && BUSY_CODES.has(e.code)) return true;
  const m = String(e.message ?? '');
  return BUSY_MESSAGES.some((x) => m.includes(x));
}

// 57014 statement timeout, 55P03 lock timeout; 57P01–57P03 the server shutting down, crashed or still
// starting; 08xxx a connection that failed or was lost; the socket's own codes for a refused or reset link.
const BUSY_CODES = new Set([
  '57014',
  '55P03',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
]);
const BUSY_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Connection terminated unexpectedly',
  'Client has encountered a connection error and is not queryable',
];

export function createDb(pool: pg.Pool): Db {
  return new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
}

/** Creates a database if it does not exist (used for fresh embedded clusters and tests). */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}
