import { randomUUID } from 'node:crypto';
import { createDb, createEventStore, createPool, loadConfig, migrate, openDatabase, type AppConfig } from '@fp/infra';
import { ProjectionRunner } from '@fp/projections';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { modules as allModules } from './modules/index';
import { createIdentityProvider } from './platform/identity/index';
import type { IdentityProvider } from './platform/identity/port';
import type { AppContext, Services } from './platform/context';
import type { Module } from './platform/module';
import { startSandbox, type Sandbox } from '@fp/workflows/sandbox';

export type Role = 'all' | 'api' | 'projections' | 'worker' | 'cli';

export interface Runtime {
  ctx: AppContext;
  identity: IdentityProvider;
  app?: FastifyInstance;
  url?: string;
  /** The test firms' websites, in roles all and worker (tests read what each site received). */
  sandbox?: Sandbox;
  stop(): Promise<void>;
}

export interface RuntimeOptions {
  config?: AppConfig;
  role?: Role;
  /** Use this database instead of DATABASE_URL / the embedded server (tests). */
  databaseUrl?: string;
  modules?: Module[];
  log?: (m: string) => void;
  listen?: boolean;
}

/**
 * The composition root: the one place that picks adapters (embedded or production), wires the
 * ports into modules and starts what the role needs.
 *   all         – API + projections + workers (npm start)
 *   api         – HTTP only (scale-out: several behind a proxy)
 *   projections – the projection runner only
 *   worker      – workflow workers only
 *   cli         – services without HTTP, projections or workers
 */
export async function createRuntime(opts: RuntimeOptions = {}): Promise<Runtime> {
  const config = opts.config ?? loadConfig();
  const role = opts.role ?? 'all';
  const log = opts.log ?? ((m: string) => console.log(m));
  const modules = opts.modules ?? allModules;
  const stoppers: Array<() => Promise<void>> = [];

  const database = opts.databaseUrl
    ? { url: opts.databaseUrl, embedded: false, stop: async () => {} }
    : await openSharedDatabase(config, role, log);
  stoppers.push(() => database.stop());
  const pool = createPool(database.url, role === 'cli' ? 5 : 20);
  stoppers.unshift(() => pool.end());
  await migrate(pool);
  const db = createDb(pool);
  const store = createEventStore(pool, config.eventStoreUrl);
  stoppers.unshift(() => store.close());

  const ctx = { config, pool, db, store, clock: { now: () => new Date() }, newId: () => randomUUID(), services: {} as Services } as AppContext;
  const projections = modules.flatMap((m) => m.projections?.(ctx) ?? []);
  ctx.projections = new ProjectionRunner(db, store, pool, projections, log);
  for (const m of modules) await m.init?.(ctx);

  const identity = createIdentityProvider(config, pool);
  stoppers.unshift(async () => identity.close?.());

  const runtime: Runtime = { ctx, identity, stop: async () => {} };

  if (role === 'all' || role === 'projections' || role === 'cli') {
    await ctx.projections.start();
    stoppers.unshift(() => ctx.projections.stop());
  }
  if (role === 'all' || role === 'worker') {
    // The test firms' websites: workflows in this process apply to them (SANDBOX_PORT, 0 = any free port).
    const sandbox = await startSandboxOn(config.sandboxPort, log);
    ctx.sandboxUrl = sandbox.url;
    runtime.sandbox = sandbox;
    stoppers.unshift(() => sandbox.close());
    for (const m of modules) {
      if (m.start) stoppers.unshift(await m.start(ctx));
    }
  }
  if (role === 'all' || role === 'api') {
    const app = await buildApp({ ctx, identity, modules });
    runtime.app = app;
    stoppers.unshift(() => app.close());
    if (opts.listen !== false) {
      await app.listen({ port: config.port, host: config.host });
      const addr = app.server.address();
      const port = typeof addr === 'object' && addr ? addr.port : config.port;
      runtime.url = `http://localhost:${port}`;
    }
  }

  let stopped = false;
  runtime.stop = async () => {
    if (stopped) return;
    stopped = true;
    for (const s of stoppers) {
      try {
        await s();
      } catch (err) {
        log(`[shutdown] ${(err as Error).message}`);
      }
    }
  };
  return runtime;
}

/**
 * The database, for a process that may be one of several started at once on one DATA_DIR (scale-out
 * on the embedded Postgres: `start:api` twice, `start:projections`, `worker`). They all find no
 * server running and race to boot it; the losers fail (initdb on a directory being initialised,
 * or a server already holding the data directory). A loser waits and adopts the winner's server,
 * which belongs to the winner: it stops with that process.
 */
async function openSharedDatabase(config: AppConfig, role: Role, log: (m: string) => void) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      return await openDatabase(config, { log, ownAdopted: role === 'all' });
    } catch (err) {
      if (config.databaseUrl || Date.now() > deadline) throw err;
      log(`[start] embedded PostgreSQL is being started by another process; waiting to use it (${(err as Error).message.slice(0, 120)})`);
      await new Promise((r) => setTimeout(r, 500 + Math.random() * 500));
    }
  }
}

/** The sandbox on its configured port, or on any free one when that is taken (a second worker process). */
async function startSandboxOn(port: number, log: (m: string) => void): Promise<Sandbox> {
  try {
    return await startSandbox({ port, host: '127.0.0.1' });
  } catch (err) {
    if ((err as { code?: string }).code !== 'EADDRINUSE' || port === 0) throw err;
    log(`[sandbox] port ${port} is taken; using a free port`);
    return startSandbox({ port: 0, host: '127.0.0.1' });
  }
}
