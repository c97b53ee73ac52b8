// Long file: the composition root: every adapter picked and every module wired in one place, read top to
// bottom.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  createDb,
  createPool,
  EventStoreDbStore,
  loadConfig,
  migrate,
  openDatabase,
  PostgresEventStore,
  type AppConfig,
  type EventStore,
} from '@fp/infra';
import { ProjectionRunner } from '@fp/projections';
import { InProcessSearchIndex, MeilisearchIndex, PostgresSearchIndex, type SearchIndex } from '@fp/projections';
import {
  createDbosEngine,
  createDbosHistory,
  type DiscoveryActivities,
  type SubmissionActivities,
  type WorkflowHistory,
} from '@fp/workflows';
import { startSandbox, type Sandbox } from '@fp/workflows/sandbox';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { createAccountsModule } from './modules/accounts/index';
import { createCatalogModule } from './modules/catalog/index';
import { createCreditsModule } from './modules/credits/index';
import { createDeckLinksModule } from './modules/deck-links/index';
import { createInvestorUpdatesModule } from './modules/investor-updates/index';
import { createFirstRunModule } from './modules/first-run/index';
import { createHealthModule } from './modules/health/index';
import { createOpsModule } from './modules/ops/index';
import { createPipelineModule } from './modules/pipeline/index';
import { createSavedSearchesModule } from './modules/saved-searches/index';
import { createEmbeddedTransport, createMailModule, createSmtpTransport, type MailPort } from './modules/mail/index';
import {
  createLocalCheckout,
  createPaymentsModule,
  createStripeCheckout,
  type PaymentProvider,
} from './modules/payments/index';
import { createProfileModule } from './modules/profile/index';
import { createSecurityModule } from './modules/security/index';
import { createSystemModule } from './modules/system/index';
import { createSubmissionsModule, type EngineFactory } from './modules/submissions/index';
import type { AppContext } from './platform/context';
import {
  BetterAuthProvider,
  SuperTokensProvider,
  type AccountMailer,
  type IdentityProvider,
} from './platform/identity/index';
import type { AppModule } from './platform/module';
import { assertProductionReady } from './platform/production-guard';
import { createLogging, withRunContext, type Logging } from './platform/logging';
import { createTracing, traceActivities, traceMethods, tracePool, type Tracing } from './platform/tracing';
import {
  addScrapeGauges,
  createHttpWindow,
  createMetrics,
  measureEventStore,
  measureSearchIndex,
  serveMetrics,
  type HttpWindow,
  type Metrics,
} from './platform/metrics';
import type { Role } from './platform/role';
import { createFolderStorage, createS3Storage, parseS3Url, type FileStorage } from './platform/storage/index';

export type { Role } from './platform/role';

export interface Runtime {
  ctx: AppContext;
  /** Every module's service, by module name (CLI, tests, benches). */
  services: Services;
  /** The modules as built, in dependency order. */
  modules: AppModule[];
  identity: IdentityProvider;
  app?: FastifyInstance;
  url?: string;
  /** The test firms' websites, in roles all and worker (tests read what each site received). */
  sandbox?: Sandbox;
  /** This process's Prometheus registry and instruments (GET /metrics). */
  metrics: Metrics;
  /** This process's structured logging (JSON lines). */
  logging: Logging;
  /** This process's traces (exported when OTEL_EXPORTER_OTLP_ENDPOINT is set). */
  tracing: Tracing;
  stop(): Promise<void>;
}

export interface RuntimeOptions {
  config?: AppConfig;
  role?: Role;
  /** Use this database instead of DATABASE_URL / the embedded server (tests). */
  databaseUrl?: string;
  /** Which modules serve routes and run workers (all by default); every module is still built. */
  mount?: (moduleName: string) => boolean;
  /** Start the modules' background work (workflow workers, catalog loading) in roles all/worker (default true). */
  workers?: boolean;
  log?: (m: string) => void;
  /** Structured logging; by default JSON lines on stdout (silent when the caller gives its own `log`: tests, the CLI). */
  logging?: Logging;
  /** Tracing; by default OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set, else none. */
  tracing?: Tracing;
  listen?: boolean;
  /** Wraps the workflow's steps (begin, apply, finish): fault-injection tests make them fail. */
  wrapActivities?: (activities: SubmissionActivities) => SubmissionActivities;
}

/**
 * The modules, built in dependency order: each factory receives the platform and the services of
 * the modules it uses, by name, and the adapters picked here. This function is the module graph
 * (ARCHITECTURE.md draws it).
 */
function buildModules(
  ctx: AppContext,
  adapters: {
    searchIndex: SearchIndex;
    engine: EngineAdapter;
    history: WorkflowHistory;
    mail: MailPort;
    identity: (mailer: AccountMailer) => IdentityProvider;
    payments: PaymentProvider;
    storage: FileStorage;
    system: { role: string; http: HttpWindow };
  },
) {
  const security = createSecurityModule({ ctx });
  const health = createHealthModule({ ctx, searchIndex: adapters.searchIndex });
  const mail = createMailModule({ ctx, transport: adapters.mail });
  const credits = createCreditsModule({ ctx });
  const accounts = createAccountsModule({
    ctx,
    credits: credits.service,
    identity: adapters.identity,
    mail: mail.service,
  });
  const payments = createPaymentsModule({
    ctx,
    credits: credits.service,
    accounts: accounts.service,
    mail: mail.service,
    provider: adapters.payments,
  });
  const profile = createProfileModule({ ctx, storage: adapters.storage });
  const catalog = createCatalogModule({
    ctx,
    credits: credits.service,
    profile: profile.service,
    searchIndex: adapters.searchIndex,
  });
  // One workflow engine per process (DBOS is a singleton): the submissions worker creates it, with the
  // catalog's discovery job on it too, and the catalog gets it back to start its runs on.
  const engine: EngineFactory = async (o) => {
    const discovery = catalog.service.forms.activities(o.log);
    const created = await adapters.engine({ ...o, discovery });
    const detach = await catalog.service.forms.attach(created, o.log);
    const close = created.close.bind(created);
    return Object.assign(created, {
      async close() {
        await detach();
        await discovery.close();
        await close();
      },
    });
  };
  // Deck links before submissions: each application sends its own tracked link to the firm.
  const deckLinks = createDeckLinksModule({
    ctx,
    profile: profile.service,
    identity: accounts.identity,
    security: security.service,
    mail: mail.service,
    storage: adapters.storage,
    retentionDays: deckVisitRetentionDays(),
  });
  const submissions = createSubmissionsModule({
    ctx,
    credits: credits.service,
    profile: profile.service,
    catalog: catalog.service,
    mail: mail.service,
    engine,
    storage: adapters.storage,
    deckLinks: deckLinks.service,
  });
  const firstRun = createFirstRunModule({
    ctx,
    profile: profile.service,
    credits: credits.service,
    submissions: submissions.service,
  });
  const pipeline = createPipelineModule({ ctx, catalog: catalog.service, mail: mail.service });
  const savedSearches = createSavedSearchesModule({ ctx, catalog: catalog.service, mail: mail.service });
  const investorUpdates = createInvestorUpdatesModule({
    ctx,
    profile: profile.service,
    pipeline: pipeline.service,
    deckLinks: deckLinks.service,
    mail: mail.service,
  });
  const ops = createOpsModule({
    ctx,
    accounts: accounts.service,
    credits: credits.service,
    mail: mail.service,
    submissions: submissions.service,
    catalog: catalog.service,
    history: adapters.history,
  });
  // Security first: its guards must run before any other module's hooks.
  const system = createSystemModule({ ctx, role: adapters.system.role, http: adapters.system.http });
  const modules: AppModule[] = [
    security,
    health,
    mail,
    credits,
    accounts,
    payments,
    profile,
    catalog,
    submissions,
    firstRun,
    pipeline,
    savedSearches,
    deckLinks,
    investorUpdates,
    ops,
    system,
  ];
  const services = {
    security: security.service,
    mail: mail.service,
    credits: credits.service,
    accounts: accounts.service,
    payments: payments.service,
    profile: profile.service,
    catalog: catalog.service,
    submissions: submissions.service,
    firstRun: firstRun.service,
    pipeline: pipeline.service,
    savedSearches: savedSearches.service,
    deckLinks: deckLinks.service,
    investorUpdates: investorUpdates.service,
    ops: ops.service,
    system: system.service,
  };
  return { modules, services, identity: accounts.identity };
}
type Services = ReturnType<typeof buildModules>['services'];

/** How long the deck viewer's visit data is kept, in days (DECK_VISIT_RETENTION_DAYS, default 365; docs/deck-links.md). */
function deckVisitRetentionDays(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.DECK_VISIT_RETENTION_DAYS);
  return Number.isInteger(n) && n > 0 ? n : 365;
}

/** The identity provider: SuperTokens when SUPERTOKENS_URL is set, else better-auth in-process. */
function pickIdentity(config: AppConfig, pool: import('pg').Pool): (mailer: AccountMailer) => IdentityProvider {
  if (config.supertokensUrl) {
    const url = config.supertokensUrl;
    return (mailer) =>
      new SuperTokensProvider({
        connectionURI: url,
        apiKey: config.supertokensApiKey,
        apiDomain: config.publicUrl,
        websiteDomain: config.publicUrl,
        mailer,
      });
  }
  return (mailer) =>
    new BetterAuthProvider(pool, {
      secret: config.authSecret,
      baseURL: config.publicUrl,
      mailer,
      passwordHashing: config.passwordHashing,
    });
}

/** The event store: EventStoreDB when EVENTSTORE_URL is set, else the Postgres store on our database. */
function pickEventStore(config: AppConfig, pool: import('pg').Pool): EventStore {
  return config.eventStoreUrl ? new EventStoreDbStore(config.eventStoreUrl) : new PostgresEventStore(pool);
}

/**
 * The search index: Meilisearch when MEILI_URL is set, else the Postgres tables, with the
 * in-process index over them in the processes that answer searches (the others only write).
 */
function pickSearchIndex(config: AppConfig, db: AppContext['db'], role: Role, log: (m: string) => void): SearchIndex {
  if (config.meiliUrl) return new MeilisearchIndex({ host: config.meiliUrl, apiKey: config.meiliKey });
  if (!config.searchInMemory || (role !== 'all' && role !== 'api')) return new PostgresSearchIndex(db);
  return new InProcessSearchIndex(db, { log });
}

/** Outgoing e-mail: SMTP when SMTP_URL is set, else the embedded mailbox in Postgres. */
function pickMailTransport(config: AppConfig, db: AppContext['db']): MailPort {
  if (config.smtpUrl) return createSmtpTransport(config.smtpUrl);
  return createEmbeddedTransport(db);
}

/** Payments: Stripe Checkout when STRIPE_SECRET_KEY is set, else the local test-mode checkout. */
function pickPayments(config: AppConfig, db: AppContext['db'], clock: AppContext['clock']): PaymentProvider {
  if (config.stripeSecretKey)
    return createStripeCheckout({
      secretKey: config.stripeSecretKey,
      webhookSecret: config.stripeWebhookSecret ?? null,
    });
  return createLocalCheckout(db, {
    authSecret: config.authSecret,
    webhookSecret: config.stripeWebhookSecret,
    now: () => clock.now(),
  });
}

/** An engine factory that also takes the catalog's discovery activities. */
type EngineAdapter = (
  o: Parameters<EngineFactory>[0] & { discovery?: DiscoveryActivities },
) => ReturnType<EngineFactory>;
/** File storage (pitch decks, proof of applications): S3-compatible when S3_URL is set, else a folder under DATA_DIR. */
function pickStorage(config: AppConfig): FileStorage {
  if (config.s3Url) return createS3Storage(parseS3Url(config.s3Url));
  return createFolderStorage(path.join(config.dataDir, 'files'));
}

/** The engine's activities log with their run's submission and attempt ids, in a span per step and automation phase. */
function withRunLogContext(
  adapter: EngineAdapter,
  logging: Logging,
  tracing: Tracing,
  wrap: (a: SubmissionActivities) => SubmissionActivities = (a) => a,
): EngineAdapter {
  return (o) => adapter({ ...o, activities: traceActivities(withRunContext(wrap(o.activities), logging), tracing) });
}

/** The workflow engine: Temporal when TEMPORAL_ADDRESS is set, else DBOS on our Postgres. */
function pickWorkflowEngine(config: AppConfig, databaseUrl: string): EngineAdapter {
  const address = config.temporalAddress;
  if (address) {
    // Loaded only here: Temporal's worker brings native code that DBOS installs never need.
    return async (o) => (await import('@fp/workflows/temporal')).createTemporalEngine({ address, worker: true, ...o });
  }
  return async (o) => createDbosEngine({ databaseUrl, executorId: process.env.DBOS_EXECUTOR_ID || undefined, ...o });
}

/**
 * What the engine recorded of each run (the operators' console): Temporal's visibility API and
 * event history when TEMPORAL_ADDRESS is set, else DBOS's tables through its client. Connected on
 * first use, so processes that never open the console never connect.
 */
function pickWorkflowHistory(config: AppConfig, databaseUrl: string): WorkflowHistory {
  const address = config.temporalAddress;
  if (!address) return createDbosHistory({ databaseUrl });
  let temporal: Promise<WorkflowHistory> | null = null;
  const get = () =>
    (temporal ??= import('@fp/workflows/temporal')
      .then((m) => m.createTemporalHistory({ address, uiUrl: config.temporalUiUrl }))
      .catch((err) => {
        temporal = null;
        throw err;
      }));
  return {
    kind: 'temporal',
    run: async (id) => (await get()).run(id),
    close: async () => {
      if (temporal) await (await temporal.catch(() => null))?.close();
    },
  };
}

/**
 * The composition root: the one place that picks adapters (embedded or production), builds the
 * modules with what each uses, and starts what the role needs.
 *   all         – API + projections + workers (npm start)
 *   api         – HTTP only (scale-out: several behind a proxy)
 *   projections – the projection runner only
 *   worker      – workflow workers only
 *   cli         – services without HTTP, projections or workers
 */
export async function createRuntime(opts: RuntimeOptions = {}): Promise<Runtime> {
  const config = opts.config ?? loadConfig();
  const role = opts.role ?? 'all';
  // Before anything starts: a production start with development settings is refused (the CLI, an operator's tool, is not).
  if (role !== 'cli') assertProductionReady(config, { role, databaseUrl: opts.databaseUrl });
  const tracing = opts.tracing ?? createTracing({ role, endpoint: config.otelEndpoint });
  const logging =
    opts.logging ??
    createLogging({
      role,
      activeTraceId: () => tracing.traceId(),
      level: opts.log ? 'silent' : config.logLevel,
      format: config.logFormat ?? (config.environment === 'development' && process.stdout.isTTY ? 'pretty' : 'json'),
    });
  const log = opts.log ?? logging.log;
  const mounted = opts.mount ?? (() => true);
  const stoppers: Array<() => Promise<void>> = [];

  const database = opts.databaseUrl
    ? { url: opts.databaseUrl, embedded: false, stop: async () => {} }
    : await openSharedDatabase(config, role, log);
  stoppers.push(() => database.stop());
  const poolMax = role === 'cli' ? Math.min(5, config.pool.max) : config.pool.max;
  const pool = createPool(database.url, { ...config.pool, max: poolMax });
  stoppers.unshift(() => pool.end());
  tracePool(pool, tracing);
  // Flushed last, so that the spans of the shutdown itself are sent too.
  stoppers.push(() => tracing.shutdown());
  await migrate(pool);
  const db = createDb(pool);
  const metrics = createMetrics({ role, processMetrics: role !== 'cli' });
  const store = traceMethods(measureEventStore(pickEventStore(config, pool), metrics), tracing, 'eventstore', [
    'append',
    'appendMany',
    'readStream',
    'readStreams',
  ]);
  stoppers.unshift(() => store.close());
  const projections = new ProjectionRunner(db, store, pool, [], log);
  addScrapeGauges(metrics, { pool, db, projections, poolMax });
  // The System page's last hour of requests: a snapshot of the HTTP histogram each minute.
  const httpWindow = createHttpWindow(metrics);
  const minute = setInterval(() => void httpWindow.tick().catch(() => undefined), 60_000);
  minute.unref();
  stoppers.unshift(async () => clearInterval(minute));

  let sandbox: Sandbox | undefined;
  if (role === 'all' || role === 'worker') {
    // The test firms' websites: workflows in this process apply to them (SANDBOX_PORT, 0 = any free port).
    sandbox = await startSandboxOn(config.sandboxPort, log);
    stoppers.unshift(() => sandbox!.close());
  }
  const ctx: AppContext = {
    config,
    pool,
    db,
    store,
    projections,
    clock: { now: () => new Date() },
    newId: () => randomUUID(),
    sandboxUrl: sandbox?.url,
  };

  const searchIndex = traceMethods(
    measureSearchIndex(pickSearchIndex(config, db, role, log), metrics),
    tracing,
    'search',
    ['searchVcFirms', 'vcFirmIds', 'vcFacets', 'searchAngels', 'angelIds', 'angelFacets'],
  );
  stoppers.unshift(() => searchIndex.close());
  const history = pickWorkflowHistory(config, database.url);
  stoppers.unshift(() => history.close());
  const storage = pickStorage(config);
  stoppers.unshift(() => storage.close());
  const { modules, services, identity } = buildModules(ctx, {
    searchIndex,
    storage,
    engine: withRunLogContext(pickWorkflowEngine(config, database.url), logging, tracing, opts.wrapActivities),
    history,
    mail: pickMailTransport(config, db),
    identity: pickIdentity(config, pool),
    payments: pickPayments(config, db, ctx.clock),
    system: { role, http: httpWindow },
  });
  for (const m of modules) projections.add(m.projections ?? []);

  stoppers.unshift(async () => identity.close?.());

  const runtime: Runtime = {
    ctx,
    services,
    modules,
    identity,
    sandbox,
    metrics,
    logging,
    tracing,
    stop: async () => {},
  };

  if (role === 'all' || role === 'projections' || role === 'cli') {
    await projections.start();
    stoppers.unshift(() => projections.stop());
  }
  if ((role === 'all' || role === 'worker') && opts.workers !== false) {
    for (const m of modules) {
      if (m.start && mounted(m.name)) stoppers.unshift(await m.start());
    }
  }
  if (role === 'all' || role === 'api') {
    const app = await buildApp({
      ctx,
      identity,
      modules: modules.filter((m) => mounted(m.name)),
      metrics: { metrics, token: config.metricsToken },
      logging,
      tracing,
    });
    runtime.app = app;
    stoppers.unshift(() => app.close());
    if (opts.listen !== false) {
      await app.listen({ port: config.port, host: config.host });
      const addr = app.server.address();
      const port = typeof addr === 'object' && addr ? addr.port : config.port;
      runtime.url = `http://localhost:${port}`;
    }
  } else if (config.metricsPort !== undefined && (role === 'projections' || role === 'worker')) {
    // No HTTP server in these roles: /metrics gets a port of its own.
    const server = await serveMetrics(metrics, {
      port: config.metricsPort,
      host: config.host,
      token: config.metricsToken,
    });
    stoppers.unshift(() => server.close());
    log(`[metrics] /metrics on port ${server.port}`);
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
      log(
        `[start] embedded PostgreSQL is being started by another process; waiting to use it (${(err as Error).message.slice(0, 120)})`,
      );
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
