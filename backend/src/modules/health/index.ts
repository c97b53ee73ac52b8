import { sql } from 'kysely';
import type { AppContext } from '../../platform/context';
import type { AppModule } from '../../platform/module';

/** Health of the engines and projections, and the public client configuration. */
export function createHealthModule({ ctx }: { ctx: AppContext }): AppModule<null> {
  return {
    name: 'health',
    service: null,
    routes(app) {
      app.get('/api/health', async (_req, reply) => {
        const eventStoreOk = await ctx.store.ping();
        const readModelsOk = await sql`select 1`.execute(ctx.db).then(() => true, () => false);
        const projections = (await ctx.projections.status().catch(() => [])).map((p) => ({ name: p.name, status: p.status, position: p.position, lag: p.lag, error: p.error }));
        const ok = eventStoreOk && readModelsOk && projections.every((p) => p.status !== 'failed');
        return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', eventStore: { kind: ctx.store.kind, ok: eventStoreOk }, readModels: { ok: readModelsOk }, projections });
      });
      app.get('/api/config', async () => ({
        identityProvider: ctx.config.supertokensUrl ? 'supertokens' : 'better-auth',
        environment: ctx.config.environment,
        // Publishable, by definition not a secret: the identity provider's public address.
        publishableKey: ctx.config.supertokensUrl ? `st_pk_${Buffer.from(ctx.config.publicUrl).toString('base64url')}` : `ba_pk_${Buffer.from(ctx.config.publicUrl).toString('base64url')}`,
        bookCallUrl: ctx.config.bookCallUrl,
        contactUrl: ctx.config.contactUrl,
      }));
    },
  };
}
