import { DEV_AUTH_SECRET, type AppConfig } from '@fp/infra';

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

/**
 * What a production start (APP_ENV=production) refuses: every development default that would let
 * someone in or give credits away, each with the variable to set. Pure (config in, refusals out),
 * so each rule is unit-tested; empty outside production and for a correctly configured install.
 */
export function productionRefusals(config: AppConfig): Refusal[] {
  if (config.environment !== 'production') return [];
  const refusals: Refusal[] = [];
  const refuse = (variable: string, message: string) => refusals.push({ variable, message });

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

  // Not a way in, but every e-mailed link (sign-in, password reset, receipts) and the identity
  // provider's trusted origin would point at this machine's loopback address.
  if (isLoopback(config.publicUrl)) {
    refuse('PUBLIC_URL', `set the address users reach the app at (it is ${config.publicUrl})`);
  }
  return refusals;
}

/** The refusals as one message: every variable to set at once, not one per restart. */
export function productionRefusalMessage(refusals: Refusal[]): string {
  return [
    `APP_ENV=production refuses to start with development settings (${refusals.length} to fix):`,
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
export function assertProductionReady(config: AppConfig): void {
  const refusals = productionRefusals(config);
  if (refusals.length) throw new ProductionConfigError(refusals);
}
