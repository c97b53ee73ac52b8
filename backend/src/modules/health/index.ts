import { API_ROUTES } from '@fp/contracts';
import { sql } from 'kysely';
import type { AppModule } from '../../platform/module';
import type { HealthDeps } from './context';
import { createEngineProbe } from './probe';

/**
 * Liveness, readiness and the public client configuration.
 *
 * `/api/health` is liveness: it answers from memory within a fraction of a second even when every
 * database connection is taken (the last engine check it holds, with when it was made), so a busy
 * server is not restarted for being busy. `/api/ready` is readiness: it needs a free connection and
 * working engines now, and says why not (a balancer keeps traffic away meanwhile) — also while the
 * in-process search index loads, when searches would answer from the slower tables.
 */
export function createHealthModule({ ctx, searchIndex }: HealthDeps): AppModule<null> {
  const probe = createEngineProbe({
    eventStore: () => ctx.store.ping(),
    readModels: () => sql`select 1`.execute(ctx.db).then(() => true),
    projections: () => ctx.projections.status(),
    connection: async () => {
      const client = await ctx.pool.connect();
      client.release();
    },
    searchIndex: searchIndex?.loading ? () => searchIndex.loading!() : undefined,
  });
  return {
    name: 'health',
    service: null,
    routes(app) {
      app.get(API_ROUTES.health, async () => {
        const last = await probe.latest(LIVENESS_WAIT_MS);
        return {
          status: last.ok ? 'ok' : 'degraded',
          checkedAt: last.checkedAt,
          eventStore: { kind: ctx.store.kind, ok: last.eventStore },
          readModels: { ok: last.readModels },
          projections: last.projections,
          searchIndex: { loading: last.searchIndex },
        };
      });
      app.get(API_ROUTES.ready, async (_req, reply) => {
        const now = await probe.fresh(READINESS_WAIT_MS);
        return reply
          .status(now.ready ? 200 : 503)
          .send({ ready: now.ready, reasons: now.reasons, checkedAt: now.checkedAt });
      });
      app.get(API_ROUTES.config, async () => ({
        identityProvider: ctx.config.supertokensUrl ? 'supertokens' : 'better-auth',
        // The environment and the publishable key are for operators only: GET /api/security/debug.
        bookCallUrl: ctx.config.bookCallUrl,
        contactUrl: ctx.config.contactUrl,
      }));
    },
  };
}

/** Liveness waits this long for a check under way, then answers the last one it has. */
const LIVENESS_WAIT_MS = 300;
/** Readiness gives the engines this long to answer before it says not ready. */
const READINESS_WAIT_MS = 1_500;
