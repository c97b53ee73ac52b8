import { loadConfig } from '@fp/infra';
import { describe, expect, it } from 'vitest';
import {
  assertProductionReady,
  ProductionConfigError,
  productionRefusalMessage,
  productionRefusals,
  type StartShape,
} from './production-guard';

/** A production install with everything set as it should be. */
const GOOD = {
  APP_ENV: 'production',
  AUTH_SECRET: 'k3Jq9vX2mP7wR4tY8uZ1aB5cD6eF0gH3iJ',
  PUBLIC_URL: 'https://app.fundflow.example',
  STRIPE_SECRET_KEY: 'sk_live_contract',
  STRIPE_WEBHOOK_SECRET: 'whsec_live_contract',
  METRICS_TOKEN: 'metrics-token-for-the-scraper',
  DATABASE_URL: 'postgres://fundflow:secret@db.fundflow.example:5432/fundflow',
  SMTP_URL: 'smtps://mailer:secret@smtp.fundflow.example:465',
};
const refused = (env: Record<string, string | undefined>, start: StartShape = {}) =>
  productionRefusals(loadConfig(env as NodeJS.ProcessEnv), start).map((r) => r.variable);

describe('production guard', () => {
  it('passes a correctly configured production install, and never checks outside production', () => {
    expect(refused(GOOD)).toEqual([]);
    expect(() => assertProductionReady(loadConfig(GOOD))).not.toThrow();
    // Development and tests keep every default.
    expect(refused({})).toEqual([]);
    expect(refused({ APP_ENV: 'development' })).toEqual([]);
    expect(refused({ APP_ENV: 'test' })).toEqual([]);
  });

  it("refuses the test app's cheap password hashing, which no variable turns on", () => {
    const config = { ...loadConfig(GOOD as NodeJS.ProcessEnv), passwordHashing: 'test' as const };
    const refusals = productionRefusals(config);
    expect(refusals.map((r) => r.variable)).toEqual(['APP_ENV']);
    expect(refusals[0]!.message).toContain('password hashing');
    expect(loadConfig({ ...GOOD, PASSWORD_HASHING: 'test' } as NodeJS.ProcessEnv).passwordHashing).toBe('standard');
    expect(productionRefusals({ ...config, environment: 'test' })).toEqual([]);
  });

  it('refuses an APP_ENV other than development, test or production, whatever else is set', () => {
    for (const value of ['prod', 'Production', 'staging', 'ci'])
      expect(refused({ ...GOOD, APP_ENV: value }), value).toEqual(['APP_ENV']);
    const [only] = productionRefusals(loadConfig({ APP_ENV: 'prod' }));
    expect(only!.message).toContain('it is "prod"');
    expect(() => assertProductionReady(loadConfig({ APP_ENV: 'prod' }))).toThrow(
      'refusing to start: APP_ENV is not one of development, test, production',
    );
  });

  it('refuses the embedded Postgres unless ALLOW_EMBEDDED_DB=1; a database given by the caller counts', () => {
    expect(refused({ ...GOOD, DATABASE_URL: undefined })).toEqual(['DATABASE_URL']);
    expect(productionRefusals(loadConfig({ ...GOOD, DATABASE_URL: undefined }))[0]!.message).toContain(
      'postgres/postgres',
    );
    expect(refused({ ...GOOD, DATABASE_URL: undefined, ALLOW_EMBEDDED_DB: '1' })).toEqual([]);
    expect(refused({ ...GOOD, DATABASE_URL: undefined, ALLOW_EMBEDDED_DB: '0' })).toEqual(['DATABASE_URL']);
    expect(refused({ ...GOOD, DATABASE_URL: undefined }, { databaseUrl: 'postgres://x@db.example/y' })).toEqual([]);
  });

  it('refuses mail without SMTP unless ALLOW_EMBEDDED_MAIL=1', () => {
    expect(refused({ ...GOOD, SMTP_URL: undefined })).toEqual(['SMTP_URL']);
    expect(refused({ ...GOOD, SMTP_URL: undefined, ALLOW_EMBEDDED_MAIL: '1' })).toEqual([]);
  });

  it('refuses files on local disk for a split role (several processes) unless ALLOW_LOCAL_FILES=1', () => {
    for (const role of ['api', 'worker', 'projections'] as const) {
      expect(refused(GOOD, { role }), role).toEqual(['S3_URL']);
      expect(refused({ ...GOOD, ALLOW_LOCAL_FILES: '1' }, { role }), role).toEqual([]);
      expect(refused({ ...GOOD, S3_URL: 'https://key:secret@s3.fundflow.example/decks' }, { role }), role).toEqual([]);
    }
    // One process (role all) keeps its files in DATA_DIR.
    expect(refused(GOOD, { role: 'all' })).toEqual([]);
  });

  it('refuses the memory rate-limit store for the api role (run as several replicas)', () => {
    const files = { ...GOOD, ALLOW_LOCAL_FILES: '1' };
    expect(refused({ ...files, RATE_LIMIT_STORE: 'memory' }, { role: 'api' })).toEqual(['RATE_LIMIT_STORE']);
    expect(refused({ ...files, RATE_LIMIT_STORE: 'postgres' }, { role: 'api' })).toEqual([]);
    expect(refused({ ...files, RATE_LIMIT_STORE: 'memory' }, { role: 'all' })).toEqual([]);
  });

  it('NODE_ENV=production without APP_ENV is production too', () => {
    expect(refused({ NODE_ENV: 'production' })).toContain('AUTH_SECRET');
  });

  it('refuses the default AUTH_SECRET, the example one from the docs, and a short one', () => {
    expect(refused({ ...GOOD, AUTH_SECRET: undefined })).toEqual(['AUTH_SECRET']);
    expect(refused({ ...GOOD, AUTH_SECRET: 'change-me-to-a-long-random-secret' })).toEqual(['AUTH_SECRET']);
    const short = productionRefusals(loadConfig({ ...GOOD, AUTH_SECRET: 'hunter2' }));
    expect(short).toEqual([
      { variable: 'AUTH_SECRET', message: expect.stringContaining('at least 32 characters (it is 7)') },
    ]);
  });

  it('refuses the local test checkout unless ALLOW_TEST_CHECKOUT=1, and a test-mode Stripe key likewise', () => {
    const local = { ...GOOD, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined };
    expect(refused(local)).toEqual(['STRIPE_SECRET_KEY']);
    expect(productionRefusals(loadConfig(local))[0]!.message).toContain('ALLOW_TEST_CHECKOUT=1');
    expect(refused({ ...local, ALLOW_TEST_CHECKOUT: '1' })).toEqual([]);
    expect(refused({ ...local, ALLOW_TEST_CHECKOUT: '0' })).toEqual(['STRIPE_SECRET_KEY']);
    expect(refused({ ...GOOD, STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual(['STRIPE_SECRET_KEY']);
    expect(refused({ ...GOOD, STRIPE_SECRET_KEY: 'sk_test_abc', ALLOW_TEST_CHECKOUT: '1' })).toEqual([]);
  });

  it('refuses Stripe without its webhook signing secret', () => {
    expect(refused({ ...GOOD, STRIPE_WEBHOOK_SECRET: undefined })).toEqual(['STRIPE_WEBHOOK_SECRET']);
  });

  it('refuses SuperTokens and Meilisearch without their keys or with the published ones', () => {
    expect(refused({ ...GOOD, SUPERTOKENS_URL: 'http://supertokens:3567' })).toEqual(['SUPERTOKENS_API_KEY']);
    expect(
      refused({
        ...GOOD,
        SUPERTOKENS_URL: 'http://supertokens:3567',
        SUPERTOKENS_API_KEY: 'fundflow-dev-supertokens-key',
      }),
    ).toEqual(['SUPERTOKENS_API_KEY']);
    expect(
      refused({ ...GOOD, SUPERTOKENS_URL: 'http://supertokens:3567', SUPERTOKENS_API_KEY: 'a-real-core-key' }),
    ).toEqual([]);
    expect(refused({ ...GOOD, MEILI_URL: 'http://meili:7700' })).toEqual(['MEILI_MASTER_KEY']);
    expect(refused({ ...GOOD, MEILI_URL: 'http://meili:7700', MEILI_MASTER_KEY: 'fundflow-dev-master-key' })).toEqual([
      'MEILI_MASTER_KEY',
    ]);
    expect(refused({ ...GOOD, MEILI_URL: 'http://meili:7700', MEILI_MASTER_KEY: 'a-real-master-key' })).toEqual([]);
  });

  it('refuses an open /metrics and a loopback PUBLIC_URL', () => {
    expect(refused({ ...GOOD, METRICS_TOKEN: undefined })).toEqual(['METRICS_TOKEN']);
    expect(refused({ ...GOOD, PUBLIC_URL: undefined })).toEqual(['PUBLIC_URL']);
    expect(refused({ ...GOOD, PUBLIC_URL: 'http://127.0.0.1:3000' })).toEqual(['PUBLIC_URL']);
  });

  it('names every refusal in one message, each with the variable to set', () => {
    const env = { APP_ENV: 'production' } as NodeJS.ProcessEnv;
    const all = productionRefusals(loadConfig(env));
    expect(all.map((r) => r.variable)).toEqual([
      'AUTH_SECRET',
      'STRIPE_SECRET_KEY',
      'METRICS_TOKEN',
      'DATABASE_URL',
      'SMTP_URL',
      'PUBLIC_URL',
    ]);
    let thrown: unknown;
    try {
      assertProductionReady(loadConfig(env));
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ProductionConfigError);
    const message = (thrown as Error).message;
    expect(message).toBe(productionRefusalMessage(all));
    expect(message.split('\n')[0]).toBe('APP_ENV=production refuses to start with development settings (6 to fix):');
    for (const r of all) expect(message).toContain(`  - ${r.variable}: `);
  });
});
