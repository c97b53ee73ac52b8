import { AUTOMATED_CLIENT, IP_BLOCKED, RATE_LIMIT_EXCEEDED, type LimitClass } from '@fp/contracts';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SecurityContext } from './route-context';
import { automatedMarker } from './agents';
import { blockPage, wantsPage } from './block-page';
import { isHoneypot, isMachineFacing, isProbe, limitClass } from './classify';
import { rateLimitStoreFor } from './counters';
import { assignClientIp, clientIp, pathOf, proxyTrust, reportFor, userAgentOf } from './request';

export const formatWindow = (ms: number) =>
  ms % 60_000 === 0 ? `${ms / 60_000} min` : `${Math.round(ms / 100) / 10} s`;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * The limiters (from @fastify/rate-limit, on the shared counter store) and the answer when one trips:
 * 429 with Retry-After, and a rate_limit violation the first time a key trips in its window.
 */
export type Enforce = Awaited<ReturnType<typeof createLimiters>>['enforce'];

export async function createLimiters(app: FastifyInstance, ctx: SecurityContext) {
  const security = ctx.security;
  const cfg = ctx.config.security;
  // Fail open: a counter store that cannot be reached must not take the whole API down.
  await app.register(rateLimit, { global: false, store: rateLimitStoreFor(security.counters), skipOnError: true });
  const make = (who: 'ip' | 'user', name: string, max: number): Limiter =>
    app.createRateLimit({
      max,
      timeWindow: cfg.rateLimitWindowMs,
      keyGenerator: (req) => (who === 'ip' ? `ip:${clientIp(req)}:${name}` : `user:${req.user!.id}:${name}`),
    });
  const limiters = {
    ip: {
      general: make('ip', 'general', cfg.generalLimit),
      list: make('ip', 'list', cfg.listLimit),
      bulk: make('ip', 'bulk', cfg.bulkLimit),
    },
    user: { list: make('user', 'list', cfg.listLimit), bulk: make('user', 'bulk', cfg.bulkLimit) },
  };

  /** Counts the request against the limits; answers 429 and returns true when one is exceeded. */
  async function enforce(
    req: FastifyRequest,
    reply: FastifyReply,
    who: 'ip' | 'user',
    names: Array<LimitClass | 'general'>,
  ): Promise<boolean> {
    // In parallel: the counter store writes hits of the same turn in one statement.
    const results = await Promise.all(
      names.map((name) =>
        (who === 'ip' ? limiters.ip[name] : limiters.user[name as LimitClass])(req).then((r) => ({ name, r })),
      ),
    );
    let refusal: { retryAfter: number; max: number } | null = null;
    for (const { name, r } of results) {
      if (r.isAllowed || !r.isExceeded) continue;
      refusal ??= { retryAfter: Math.max(1, r.ttlInSeconds), max: r.max };
      // One violation per key and window, however many requests the client keeps sending.
      const first = await security.counters.hit(`noted:${r.key}`, Math.max(1000, r.ttl)).catch(() => ({ current: 1 }));
      if (first.current === 1) {
        await security
          .recordViolation(
            reportFor(
              req,
              'rate_limit',
              `${name} limit ${r.max} per ${formatWindow(r.timeWindow)} exceeded (${who === 'ip' ? 'IP' : 'user'})`,
            ),
          )
          .catch((err: Error) => req.log.error({ err }, 'recording a rate_limit violation failed'));
      }
    }
    if (!refusal) return false;
    reply
      .code(429)
      .header('retry-after', String(refusal.retryAfter))
      .header('x-ratelimit-limit', String(refusal.max))
      .header('x-ratelimit-remaining', '0');
    reply.send({ error: RATE_LIMIT_EXCEEDED });
    return true;
  }
  return { enforce };
}

/**
 * Runs before the session check on every request: a blocked address gets 403 before any work; then
 * automated user agents and the per-IP limits on /api.
 */
export async function installGuards(app: FastifyInstance, ctx: SecurityContext, enforce: Enforce) {
  const security = ctx.security;
  const cfg = ctx.config.security;
  const trusted = proxyTrust(cfg.trustedProxies);

  app.addHook('onRequest', async (req, reply) => {
    const ip = assignClientIp(req, trusted);
    const path = pathOf(req);
    if (security.isBlocked(ip)) {
      const endsAt = security.blockEndsAt(ip);
      const now = ctx.clock.now().getTime();
      if (endsAt !== null) reply.header('retry-after', String(Math.max(1, Math.ceil((endsAt - now) / 1000))));
      // A person's page load gets a page that explains; the API keeps its JSON answer.
      if (wantsPage(req, path))
        return reply
          .code(403)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(blockPage({ ip, endsAt, now, contactUrl: ctx.config.contactUrl }));
      return reply.code(403).send({ error: IP_BLOCKED });
    }
    // Honeypots record their own violation; static files are not limited.
    if (isHoneypot(path) || !path.startsWith('/api/') || isProbe(path) || security.isAllowedIp(ip)) return;

    if (cfg.userAgentMode !== 'off' && !isMachineFacing(req, path)) {
      const marker = automatedMarker(userAgentOf(req), cfg.userAgentAllowList);
      if (marker) {
        const report = reportFor(req, 'user_agent', `automated client (${marker})`);
        if (cfg.userAgentMode === 'log') security.recordInBackground(report);
        else {
          await security
            .recordViolation(report)
            .catch((err: Error) => req.log.error({ err }, 'recording a user_agent violation failed'));
          return reply.code(403).send({ error: AUTOMATED_CLIENT });
        }
      }
    }

    const cls = limitClass(req);
    if (await enforce(req, reply, 'ip', cls ? ['general', cls] : ['general'])) return reply;
  });
}
