import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every setting the app reads from the environment (README's configuration table mirrors this). */
export interface AppConfig {
  port: number;
  host: string;
  /** External Postgres; when unset an embedded server is booted under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  embeddedPgPort: number;
  eventStoreUrl?: string;
  meiliUrl?: string;
  meiliKey?: string;
  temporalAddress?: string;
  supertokensUrl?: string;
  supertokensApiKey?: string;
  authSecret: string;
  publicUrl: string;
  freeCredits: number;
  environment: string;
  workerConcurrency: number;
  automationAllowedHosts: string;
  sandboxPort: number;
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  /** Payment page per product id, from PAYMENT_LINKS="basic=https://…,pro=…,elite=…,pack=…". */
  paymentLinks: Record<string, string>;
  llmUrl?: string;
  llmApiKey?: string;
  llmModel?: string;
  bookCallUrl: string;
  contactUrl: string;
}

function int(v: string | undefined, d: number): number {
  const n = v === undefined || v === '' ? NaN : Number(v);
  return Number.isFinite(n) ? n : d;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = int(env.PORT, 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, '.data')),
    embeddedPgPort: int(env.EMBEDDED_PG_PORT, 54329),
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    meiliUrl: env.MEILI_URL || undefined,
    meiliKey: env.MEILI_MASTER_KEY || undefined,
    temporalAddress: env.TEMPORAL_ADDRESS || undefined,
    supertokensUrl: env.SUPERTOKENS_URL || undefined,
    supertokensApiKey: env.SUPERTOKENS_API_KEY || undefined,
    // A fixed development secret keeps sessions valid across restarts of the embedded app; set AUTH_SECRET in production.
    authSecret: env.AUTH_SECRET ?? 'dev-only-secret-change-me-0123456789abcdef',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    freeCredits: int(env.FREE_CREDITS, 1),
    environment: env.APP_ENV ?? (env.NODE_ENV === 'production' ? 'production' : 'development'),
    workerConcurrency: int(env.WORKER_CONCURRENCY, 2),
    automationAllowedHosts: env.AUTOMATION_ALLOWED_HOSTS ?? '',
    sandboxPort: int(env.SANDBOX_PORT, 3100),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    paymentLinks: Object.fromEntries((env.PAYMENT_LINKS ?? '').split(',').map((pair) => pair.trim().split(/=(.*)/s)).filter(([k, v]) => k && v).map(([k, v]) => [k!.trim(), v!.trim()])),
    llmUrl: env.LLM_URL || undefined,
    llmApiKey: env.LLM_API_KEY || undefined,
    llmModel: env.LLM_MODEL || undefined,
    bookCallUrl: env.BOOK_CALL_URL ?? 'https://cal.com/fundflow/intro',
    contactUrl: env.CONTACT_URL ?? 'mailto:hello@fundflow.example',
  };
}
