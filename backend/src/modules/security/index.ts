import { moduleContext } from '../../platform/context';
import type { AppModule } from '../../platform/module';
import { installBruteForceGuard } from './brute-force';
import { HONEYPOT_PUBLIC } from './classify';
import type { SecurityDeps } from './context';
import type { SecurityContext } from './route-context';
import { createLimiters, installGuards, type Enforce } from './guards';
import { honeypotRoutes, installHiddenFieldCheck } from './honeypot';
import { securityProjection } from './projection';
import { securityRoutes } from './routes';
import { createSecurityService, type SecurityService } from './service';
import { installUserChecks } from './user-checks';

export { createSecurityQueries } from './queries';
export type { SecurityService } from './service';

/**
 * Abuse protection (docs/security.md). Built first by the composition root so that its guards run
 * before any other module's hooks: a blocked address gets 403 before any work is done.
 */
export function createSecurityModule({ ctx: platform }: SecurityDeps): AppModule<SecurityService> {
  const security = createSecurityService(platform);
  const ctx: SecurityContext = moduleContext(platform, { security });
  // The per-user limiter is made with the guards (before the session check) and used by the
  // user checks (after it): one app, one limiter.
  let enforce: Enforce | undefined;
  return {
    name: 'security',
    service: security,
    projections: [securityProjection],
    publicPaths: HONEYPOT_PUBLIC,
    async guards(app) {
      const cfg = ctx.config.security;
      if (cfg.rateLimitStore === 'memory')
        app.log.warn('[security] RATE_LIMIT_STORE=memory: counters are per process; run a single API process');
      await security.blockList.refresh();
      security.blockList.start(cfg.blockListRefreshMs, (err) =>
        app.log.error({ err }, 'reloading the block list failed'),
      );
      const sweep = setInterval(() => {
        void security.counters.sweep().catch(() => undefined);
        if (cfg.fingerprintMode !== 'off')
          void ctx.pool
            .query(`delete from security_session_agents where first_seen < now() - interval '8 days'`)
            .catch(() => undefined);
      }, 60_000);
      sweep.unref();
      app.addHook('onClose', async () => {
        security.blockList.stop();
        clearInterval(sweep);
        await security.flush();
      });
      enforce = (await createLimiters(app, ctx)).enforce;
      await installGuards(app, ctx, enforce);
      installHiddenFieldCheck(app, ctx);
      installBruteForceGuard(app, ctx);
    },
    routes(app) {
      // Added after the session check (routes run after it), so the user is known here.
      installUserChecks(app, ctx, enforce!);
      honeypotRoutes(app, ctx);
      securityRoutes(app, ctx);
    },
  };
}
