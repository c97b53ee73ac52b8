import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The development AUTH_SECRET: published here, so a production start refuses it (backend/src/platform/production-guard.ts). */
export const DEV_AUTH_SECRET = 'dev-only-secret-change-me-0123456789abcdef';

/** Every setting the app reads from the environment (README's configuration table mirrors this). */
export interface AppConfig {
  port: number;
  host: string;
  /** Fastify trustProxy: false, or the proxies' addresses (TRUST_PROXY, comma-separated). */
  trustProxy: false | string[];
  /** External Postgres; when unset an embedded server is booted under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  embeddedPgPort: number;
  eventStoreUrl?: string;
  meiliUrl?: string;
  meiliKey?: string;
  /** SEARCH_IN_MEMORY=off answers catalog searches from the Postgres index tables alone (no in-process index). */
  searchInMemory: boolean;
  /** CATALOG_SEED: 'auto' loads the investor catalog on a first start; 'off' leaves it to `catalog seed`. */
  catalogSeed: 'auto' | 'off';
  temporalAddress?: string;
  /** The Temporal UI, for the console's links to runs (TEMPORAL_UI_URL; the dev server's by default). */
  temporalUiUrl: string;
  supertokensUrl?: string;
  supertokensApiKey?: string;
  authSecret: string;
  /**
   * How the embedded identity provider hashes passwords: 'standard' (better-auth's scrypt) always, except
   * in the test app ('test': scrypt at a sixteenth of the cost, since a test run signs thousands of users up
   * and in). Never read from the environment; a production start refuses 'test'.
   */
  passwordHashing: 'standard' | 'test';
  publicUrl: string;
  freeCredits: number;
  environment: string;
  workerConcurrency: number;
  /** How long a run waits for the founder's answers before it ends stopped and refunded (INPUT_WAIT_HOURS, default 72; fractions allowed). */
  inputWaitHours: number;
  /** How long a run waits at a CAPTCHA or login wall for its founder to take over (TAKEOVER_SECONDS, else TAKEOVER_MINUTES × 60; 0: never). */
  takeoverSeconds: number;
  /** Worker slots one founder's runs may hold at once (WORKER_PER_FOUNDER; unset: every slot but one, at least 1). */
  workerPerFounder?: number;
  /** Pages kept open per worker for founders at CAPTCHAs and sign-in walls, outside the worker slots (TAKEOVER_MAX_OPEN, default 6). */
  takeoverMaxOpen: number;
  automationAllowedHosts: string;
  /**
   * The automation's own waits, when set (AUTOMATION_CONFIRM_WAIT_MS: for a confirmation after submit,
   * default 15 s; AUTOMATION_FORM_WAIT_MS: for a form scripts are still rendering, default 8 s). The
   * test app shortens them so a sandbox site that never confirms does not cost the full wait.
   */
  automationWaits: { verifyMs?: number; formWaitMs?: number };
  /** The registry's discovery job: sites visited at once (FORM_DISCOVERY_CONCURRENCY). */
  formDiscoveryConcurrency: number;
  /** Least time between two visits to one host, ms (FORM_DISCOVERY_HOST_DELAY_MS); robots.txt's Crawl-delay wins when longer. */
  formDiscoveryHostDelayMs: number;
  sandboxPort: number;
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  /** ALLOW_TEST_CHECKOUT=1: a production demo may sell credits for test cards (docs/security.md, "Production guards"). */
  allowTestCheckout: boolean;
  /** SMTP server for outgoing e-mail (SMTP_URL); unset = the embedded mailbox. */
  smtpUrl?: string;
  /** S3-compatible file storage (S3_URL, docs/submissions.md); unset = a folder under dataDir. */
  s3Url?: string;
  /**
   * Production opt-ins for the embedded parts (docs/deploy.md, "Production guards"):
   * ALLOW_EMBEDDED_DB=1 the embedded Postgres, ALLOW_EMBEDDED_MAIL=1 the embedded mailbox (no mail
   * leaves), ALLOW_LOCAL_FILES=1 split roles sharing one DATA_DIR on one machine.
   */
  allowEmbeddedDb: boolean;
  allowEmbeddedMail: boolean;
  allowLocalFiles: boolean;
  /** Sender of outgoing e-mail (MAIL_FROM). */
  mailFrom: string;
  llmUrl?: string;
  llmApiKey?: string;
  llmModel?: string;
  bookCallUrl: string;
  contactUrl: string;
  /** Abuse protection (backend/src/modules/security, docs/security.md). */
  security: SecurityConfig;
  /** The database pool's limits (docs/reliability.md, "Timeouts"): DB_POOL_MAX, DB_ACQUIRE_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS, DB_LOCK_TIMEOUT_MS. */
  pool: { max: number; acquireTimeoutMs: number; statementTimeoutMs: number; lockTimeoutMs: number };
  /** How long a stopping process drains requests and runs before it forces the rest closed (SHUTDOWN_GRACE_MS, default 10 s). */
  shutdownGraceMs: number;
  /** Bearer token /metrics asks for (METRICS_TOKEN); unset = open (development only: production requires it). */
  metricsToken?: string;
  /** Port of /metrics in roles without an HTTP server, projections and worker (METRICS_PORT; unset = none). */
  metricsPort?: number;
  /** pino level of every role's log lines (LOG_LEVEL, default info). */
  logLevel: string;
  /** LOG_FORMAT: 'json' lines, or 'pretty' for a terminal; unset = pretty in development on a terminal, JSON otherwise. */
  logFormat?: 'json' | 'pretty';
  /** OTLP/HTTP collector for traces (OTEL_EXPORTER_OTLP_ENDPOINT, e.g. http://otel-collector:4318); unset = no traces. */
  otelEndpoint?: string;
}

/** Knobs of the server-side abuse protection; docs/security.md lists their environment variables. */
export interface SecurityConfig {
  /** 'postgres' shares counters across API processes; 'memory' is for a single process only. */
  rateLimitStore: 'postgres' | 'memory';
  rateLimitWindowMs: number;
  /** List and search calls per user and per IP per window. */
  listLimit: number;
  /** Selection-sized calls (all-ids, submits, exports) per user and per IP per window. */
  bulkLimit: number;
  /** Every other /api call per IP per window. */
  generalLimit: number;
  autoBlock: boolean;
  blockThreshold: number;
  blockWindowMs: number;
  blockDurationMs: number;
  /** Expiry of an address's first automatic block (shorter than later ones). */
  blockFirstDurationMs: number;
  /** Violations within this time of an incident's first one are one incident (one page load fires many calls). */
  blockBurstMs: number;
  userAgentMode: 'off' | 'log' | 'block';
  /** Case-insensitive substrings of user agents that are never treated as automated. */
  userAgentAllowList: string[];
  fingerprintMode: 'off' | 'log' | 'block';
  /** Failed sign-ins (per account or per IP) before each further attempt is slowed down. */
  signInSlowAfter: number;
  /** Failed sign-ins after which attempts are refused until the window ends. */
  signInMaxFailures: number;
  signInWindowMs: number;
  /** Catalog pages one user may read per scrape window. */
  scrapeMaxPages: number;
  scrapeWindowMs: number;
  /** Identical violations (type, IP, endpoint, agent) within this time are recorded once. */
  violationDedupMs: number;
  /** Addresses never rate limited or blocked (operators). */
  ipAllowList: string[];
  /**
   * Proxies whose X-Forwarded-For is believed (addresses, CIDR ranges, or 'loopback', 'private').
   * Anyone else could name any address in that header and walk around blocks and limits.
   */
  trustedProxies: string[];
  /** How often each API process reloads the block list written by other processes. */
  blockListRefreshMs: number;
}
function int(v: string | undefined, d: number): number {
  const n = v === undefined || v === '' ? NaN : Number(v);
  return Number.isFinite(n) ? n : d;
}

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
const flag = (v: string | undefined) => v === '1' || v === 'true';
const oneOf = <T extends string>(v: string | undefined, values: readonly T[], d: T): T =>
  values.includes(v as T) ? (v as T) : d;

function loadSecurityConfig(env: NodeJS.ProcessEnv = process.env): SecurityConfig {
  const modes = ['off', 'log', 'block'] as const;
  return {
    rateLimitStore: oneOf(env.RATE_LIMIT_STORE, ['postgres', 'memory'] as const, 'postgres'),
    rateLimitWindowMs: int(env.RATE_LIMIT_WINDOW_MS, 60_000),
    listLimit: int(env.RATE_LIMIT_LIST, 50),
    bulkLimit: int(env.RATE_LIMIT_BULK, 10),
    generalLimit: int(env.RATE_LIMIT_GENERAL, 600),
    autoBlock: env.SECURITY_AUTO_BLOCK !== 'false',
    blockThreshold: int(env.SECURITY_BLOCK_THRESHOLD, 5),
    blockWindowMs: int(env.SECURITY_BLOCK_WINDOW_MS, 10 * 60_000),
    blockDurationMs: int(env.SECURITY_BLOCK_DURATION_MS, 60 * 60_000),
    blockFirstDurationMs: int(env.SECURITY_BLOCK_FIRST_DURATION_MS, 10 * 60_000),
    blockBurstMs: int(env.SECURITY_BLOCK_BURST_MS, 10_000),
    userAgentMode: oneOf(env.SECURITY_USER_AGENT_MODE, modes, 'block'),
    userAgentAllowList: list(env.SECURITY_USER_AGENT_ALLOW),
    fingerprintMode: oneOf(env.SECURITY_FINGERPRINT_MODE, modes, 'log'),
    signInSlowAfter: int(env.SECURITY_SIGNIN_SLOW_AFTER, 5),
    signInMaxFailures: int(env.SECURITY_SIGNIN_MAX_FAILURES, 20),
    signInWindowMs: int(env.SECURITY_SIGNIN_WINDOW_MS, 15 * 60_000),
    scrapeMaxPages: int(env.SECURITY_SCRAPE_MAX_PAGES, 300),
    scrapeWindowMs: int(env.SECURITY_SCRAPE_WINDOW_MS, 60 * 60_000),
    violationDedupMs: int(env.SECURITY_VIOLATION_DEDUP_MS, 10_000),
    ipAllowList: list(env.SECURITY_IP_ALLOW),
    trustedProxies: env.SECURITY_TRUSTED_PROXIES === undefined ? ['loopback'] : list(env.SECURITY_TRUSTED_PROXIES),
    blockListRefreshMs: int(env.SECURITY_BLOCKLIST_REFRESH_MS, 2000),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = int(env.PORT, 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    trustProxy: env.TRUST_PROXY
      ? env.TRUST_PROXY.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : false,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, '.data')),
    embeddedPgPort: int(env.EMBEDDED_PG_PORT, 54329),
    pool: {
      max: Math.max(2, int(env.DB_POOL_MAX, 20)),
      acquireTimeoutMs: Math.max(100, int(env.DB_ACQUIRE_TIMEOUT_MS, 5_000)),
      statementTimeoutMs: Math.max(1_000, int(env.DB_STATEMENT_TIMEOUT_MS, 30_000)),
      lockTimeoutMs: Math.max(100, int(env.DB_LOCK_TIMEOUT_MS, 10_000)),
    },
    shutdownGraceMs: Math.max(1_000, int(env.SHUTDOWN_GRACE_MS, 10_000)),
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    meiliUrl: env.MEILI_URL || undefined,
    meiliKey: env.MEILI_MASTER_KEY || undefined,
    searchInMemory: env.SEARCH_IN_MEMORY !== 'off',
    catalogSeed: env.CATALOG_SEED === 'off' ? 'off' : 'auto',
    temporalAddress: env.TEMPORAL_ADDRESS || undefined,
    temporalUiUrl: env.TEMPORAL_UI_URL || 'http://localhost:8233',
    supertokensUrl: env.SUPERTOKENS_URL || undefined,
    supertokensApiKey: env.SUPERTOKENS_API_KEY || undefined,
    // A fixed development secret keeps sessions valid across restarts of the embedded app; set AUTH_SECRET in production.
    authSecret: env.AUTH_SECRET ?? DEV_AUTH_SECRET,
    passwordHashing: 'standard',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    freeCredits: int(env.FREE_CREDITS, 1),
    environment: env.APP_ENV || (env.NODE_ENV === 'production' ? 'production' : 'development'),
    workerConcurrency: int(env.WORKER_CONCURRENCY, 2),
    inputWaitHours: Math.max(0, int(env.INPUT_WAIT_HOURS, 72)),
    takeoverSeconds: Math.max(
      0,
      env.TAKEOVER_SECONDS ? int(env.TAKEOVER_SECONDS, 600) : int(env.TAKEOVER_MINUTES, 10) * 60,
    ),
    workerPerFounder: env.WORKER_PER_FOUNDER ? Math.max(1, int(env.WORKER_PER_FOUNDER, 1)) : undefined,
    takeoverMaxOpen: Math.max(0, int(env.TAKEOVER_MAX_OPEN, 6)),
    automationAllowedHosts: env.AUTOMATION_ALLOWED_HOSTS ?? '',
    automationWaits: {
      ...(env.AUTOMATION_CONFIRM_WAIT_MS
        ? { verifyMs: Math.max(1000, int(env.AUTOMATION_CONFIRM_WAIT_MS, 15_000)) }
        : {}),
      ...(env.AUTOMATION_FORM_WAIT_MS ? { formWaitMs: Math.max(0, int(env.AUTOMATION_FORM_WAIT_MS, 8_000)) } : {}),
    },
    formDiscoveryConcurrency: Math.max(1, int(env.FORM_DISCOVERY_CONCURRENCY, 4)),
    formDiscoveryHostDelayMs: Math.max(0, int(env.FORM_DISCOVERY_HOST_DELAY_MS, 2000)),
    sandboxPort: int(env.SANDBOX_PORT, 3100),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    allowTestCheckout: flag(env.ALLOW_TEST_CHECKOUT),
    smtpUrl: env.SMTP_URL || undefined,
    s3Url: env.S3_URL || undefined,
    allowEmbeddedDb: flag(env.ALLOW_EMBEDDED_DB),
    allowEmbeddedMail: flag(env.ALLOW_EMBEDDED_MAIL),
    allowLocalFiles: flag(env.ALLOW_LOCAL_FILES),
    mailFrom: env.MAIL_FROM ?? 'FundFlow <no-reply@fundflow.example>',
    llmUrl: env.LLM_URL || undefined,
    llmApiKey: env.LLM_API_KEY || undefined,
    llmModel: env.LLM_MODEL || undefined,
    // No default: an invented handle on a real site would send founders to someone else's page.
    // Unset, the "book a call" link is not shown.
    bookCallUrl: env.BOOK_CALL_URL || '',
    contactUrl: env.CONTACT_URL ?? 'mailto:hello@fundflow.example',
    security: loadSecurityConfig(env),
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsPort: env.METRICS_PORT ? int(env.METRICS_PORT, 9464) : undefined,
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty' ? env.LOG_FORMAT : undefined,
    otelEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined,
  };
}
