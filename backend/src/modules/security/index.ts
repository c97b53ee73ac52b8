import type { Module } from '../../platform/module';
import { installBruteForceGuard } from './brute-force';
import { HONEYPOT_PUBLIC } from './classify';
import { createLimiters, installGuards } from './guards';
import { honeypotRoutes, installHiddenFieldCheck } from './honeypot';
import { securityProjection } from './projection';
import { securityRoutes } from './routes';
import { createSecurityService, type SecurityService } from './service';
import { installUserChecks } from './user-checks';

export { securityDecider, isBlocked } from './decider';
export { automatedMarker } from './agents';
export { createSecurityQueries } from './queries';
export type { SecurityService, ViolationReport } from './service';

declare module '../../platform/context' {
  interface Services {
    security: SecurityService;
  }
}

type Enforce = Awaited<ReturnType<typeof createLimiters>>['enforce'];
const ENFORCE = new WeakMap<object, Enforce>();

/**
 * Abuse protection (docs/security.md). Listed first in modules/index.ts so that its guards run
 * before any other module's hooks: a blocked address gets 403 before any work is done.
 */
export const securityModule: Module = {
  name: 'security',
  projections: () => [securityProjection],
  publicPaths: HONEYPOT_PUBLIC,
  init: (ctx) => {
    ctx.services.security = createSecurityService(ctx);
  },
  async guards(app, ctx) {
    const security = ctx.services.security;
    const cfg = ctx.config.security;
    if (cfg.rateLimitStore === 'memory') app.log.warn('[security] RATE_LIMIT_STORE=memory: counters are per process; run a single API process');
    await security.blockList.refresh();
    security.blockList.start(cfg.blockListRefreshMs, (err) => app.log.error({ err }, 'reloading the block list failed'));
    const sweep = setInterval(() => {
      void security.counters.sweep().catch(() => undefined);
      if (cfg.fingerprintMode !== 'off') void ctx.pool.query(`delete from security_session_agents where first_seen < now() - interval '8 days'`).catch(() => undefined);
    }, 60_000);
    sweep.unref();
    app.addHook('onClose', async () => {
      security.blockList.stop();
      clearInterval(sweep);
      await security.flush();
    });

    const { enforce } = await createLimiters(app, ctx);
    ENFORCE.set(app, enforce);
    await installGuards(app, ctx, enforce);
    installHiddenFieldCheck(app, ctx);
    installBruteForceGuard(app, ctx);
  },
  routes(app, ctx) {
    // Added after the session check (routes run after it), so the user is known here.
    installUserChecks(app, ctx, ENFORCE.get(app)!);
    honeypotRoutes(app, ctx);
    securityRoutes(app, ctx);
  },
};
