import { DEV_AUTH_SECRET, type AppConfig } from '@fp/infra';
import type { Role } from './role';

/** One setting a production start refuses, and the variable that fixes it. */
export interface Refusal {
  variable: string;
  message: string;
}

/**
 * Values published in this repository (config defaults, README, docker-compose.yml,
 * docs/scale-out.md): anyone can read them, so in production they are as good as unset.
 */
const PUBLIC_AUTH_SECRETS = new Set([DEV_AUTH_SECRET, 'change-me-to-a-long-random-secret']);
const PUBLIC_KEYS = new Set(['fundflow-dev-supertokens-key', 'fundflow-dev-master-key']);
const MIN_SECRET_LENGTH = 32;

const isLoopback = (url: string) => {
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.');
  } catch {
    return true;
  }
};

/** The environments the app knows; anything else ('prod', 'staging') would start without the guards. */
const ENVIRONMENTS = ['development', 'test', 'production'] as const;

/** How this process runs: its role, and a database given by the caller (tests) rather than DATABASE_URL. */
export interface StartShape {
  role?: Role;
  databaseUrl?: string;
}

/**
 * What a production start (APP_ENV=production) refuses: every development default that would let
 * someone in, give credits away or lose data, each with the variable to set. Pure (config in,
 * refusals out), so each rule is unit-tested; empty in development and test and for a correctly
 * configured install. An unknown APP_ENV is refused in every case.
 */
export function productionRefusals(config: AppConfig, start: StartShape = {}): Refusal[] {
  if (!(ENVIRONMENTS as readonly string[]).includes(config.environment)) {
    return [
      {
        variable: 'APP_ENV',
        message: `set development, test or production (it is "${config.environment}"): any other value would start without the production guards`,
      },
    ];
  }
  if (config.environment !== 'production') return [];
  const role = start.role ?? 'all';
  const refusals: Refusal[] = [];
  const refuse = (variable: string, message: string) => refusals.push({ variable, message });

  // Only the test app sets it (it is not read from the environment): a production start refuses it all the same.
  if (config.passwordHashing !== 'standard') {
    refuse(
      'APP_ENV',
      "the test app's cheap password hashing is on: a production start hashes passwords at the standard cost",
    );
  }

  // Sessions (better-auth), live-view links and unsubscribe links are signed with it.
  if (PUBLIC_AUTH_SECRETS.has(config.authSecret)) {
    refuse(
      'AUTH_SECRET',
      'set a random secret of at least 32 characters: the development default is published in the source, so anyone could sign sessions and links',
    );
  } else if (config.authSecret.length < MIN_SECRET_LENGTH) {
    refuse(
      'AUTH_SECRET',
      `set a random secret of at least ${MIN_SECRET_LENGTH} characters (it is ${config.authSecret.length})`,
    );
  }

  if (!config.stripeSecretKey) {
    // The local checkout sells credits for Stripe's public test card; only a demo may run it.
    if (!config.allowTestCheckout) {
      refuse(
        'STRIPE_SECRET_KEY',
        "set Stripe's live secret key: without it the local test checkout sells credits for the test card 4242 4242 4242 4242 (for a demo, set ALLOW_TEST_CHECKOUT=1 instead; every checkout page then says it is a test checkout)",
      );
    }
  } else {
    // A test-mode key makes Stripe's own Checkout accept test cards: the same free credits.
    if (/^(sk|rk)_test_/.test(config.stripeSecretKey) && !config.allowTestCheckout) {
      refuse(
        'STRIPE_SECRET_KEY',
        "set Stripe's live secret key (sk_live_…): a test-mode key accepts test cards (for a demo, set ALLOW_TEST_CHECKOUT=1)",
      );
    }
    if (!config.stripeWebhookSecret) {
      refuse(
        'STRIPE_WEBHOOK_SECRET',
        "set the signing secret of Stripe's webhook endpoint (whsec_…): without it no payment is ever credited",
      );
    }
  }

  if (config.supertokensUrl && (!config.supertokensApiKey || PUBLIC_KEYS.has(config.supertokensApiKey))) {
    refuse(
      'SUPERTOKENS_API_KEY',
      "set the SuperTokens core's API key (not the one in docker-compose.yml): a core without a secret key takes requests from anyone who reaches it",
    );
  }
  if (config.meiliUrl && (!config.meiliKey || PUBLIC_KEYS.has(config.meiliKey))) {
    refuse(
      'MEILI_MASTER_KEY',
      'set the Meilisearch master key (not the one in docker-compose.yml): with a published key anyone who reaches it can rewrite the catalog',
    );
  }

  // /metrics names routes, users' activity and the queue; without a token it answers anyone.
  if (!config.metricsToken) {
    refuse('METRICS_TOKEN', 'set a bearer token for /metrics: without one it answers anyone');
  }

  // The embedded Postgres lives in DATA_DIR with the published postgres/postgres account and no backups.
  if (!config.databaseUrl && !start.databaseUrl && !config.allowEmbeddedDb) {
    refuse(
      'DATABASE_URL',
      'set the address of a managed Postgres: the embedded one runs with the published postgres/postgres account, on this machine only, with no backups (for a demo on one machine, set ALLOW_EMBEDDED_DB=1)',
    );
  }
  // Without SMTP every e-mail (verification, receipts, notifications) stays in the embedded mailbox.
  if (!config.smtpUrl && !config.allowEmbeddedMail) {
    refuse(
      'SMTP_URL',
      "set an SMTP server: without one no e-mail leaves the app, it is only kept in the operators' mailbox (for a demo, set ALLOW_EMBEDDED_MAIL=1)",
    );
  }
  // Split roles are several processes: a deck stored by an API process is read by a worker, on
  // whatever machine it runs.
  if (role !== 'all' && !config.s3Url && !config.allowLocalFiles) {
    refuse(
      'S3_URL',
      `set S3-compatible storage: role ${role} runs beside other processes, and files kept on this machine's disk are not seen by processes on another (when every role runs on one machine with the same DATA_DIR, set ALLOW_LOCAL_FILES=1)`,
    );
  }
  // The api role is the one run as replicas: a memory store gives each replica the full limit.
  if (role === 'api' && config.security.rateLimitStore === 'memory') {
    refuse(
      'RATE_LIMIT_STORE',
      'set RATE_LIMIT_STORE=postgres: with the memory store each API process counts on its own, so several processes multiply every limit',
    );
  }

  // Not a way in, but every e-mailed link (sign-in, password reset, receipts) and the identity
  // provider's trusted origin would point at this machine's loopback address.
  if (isLoopback(config.publicUrl)) {
    refuse('PUBLIC_URL', `set the address users reach the app at (it is ${config.publicUrl})`);
  }
  return refusals;
}

/** The refusals as one message: every variable to set at once, not one per restart. */
export function productionRefusalMessage(refusals: Refusal[]): string {
  const unknownEnvironment = refusals.length === 1 && refusals[0]!.variable === 'APP_ENV';
  return [
    unknownEnvironment
      ? 'refusing to start: APP_ENV is not one of development, test, production'
      : `APP_ENV=production refuses to start with development settings (${refusals.length} to fix):`,
    ...refusals.map((r) => `  - ${r.variable}: ${r.message}`),
  ].join('\n');
}

export class ProductionConfigError extends Error {
  constructor(readonly refusals: Refusal[]) {
    super(productionRefusalMessage(refusals));
    this.name = 'ProductionConfigError';
  }
}

/** Called first thing at startup (`createRuntime`): throws when a production start must be refused. */
export function assertProductionReady(config: AppConfig, start: StartShape = {}): void {
  const refusals = productionRefusals(config, start);
  if (refusals.length) throw new ProductionConfigError(refusals);
}
