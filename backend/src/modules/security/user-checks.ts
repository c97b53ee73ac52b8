import { RATE_LIMIT_EXCEEDED, SIGN_IN_AGAIN, SUSPICIOUS_ACTIVITY } from '@fp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { SecurityContext } from './route-context';
import { agentFamily, automatedMarker } from './agents';
import { isCatalogPage, limitClass } from './classify';
import { formatWindow, type Enforce } from './guards';
import { clientIp, reportFor, userAgentOf } from './request';

const FINGERPRINT_CACHE = 20_000;

/**
 * Checks that need the signed-in user, installed after the session check: the per-user limits, the
 * scraping guard on catalog pages, and the session fingerprint (a token replayed by another program).
 */
export function installUserChecks(app: FastifyInstance, ctx: SecurityContext, enforce: Enforce) {
  const security = ctx.security;
  const cfg = ctx.config.security;
  const firstAgents = new Map<string, string>();

  /** The agent family first seen with this session token (stored, so every API process agrees). */
  async function firstAgentOf(tokenHash: string, family: string): Promise<string> {
    const cached = firstAgents.get(tokenHash);
    if (cached !== undefined) return cached;
    const r = await ctx.pool.query(
      `with ins as (insert into security_session_agents (token_hash, agent) values ($1, $2) on conflict do nothing returning agent)
       select agent from ins union all select agent from security_session_agents where token_hash = $1 limit 1`,
      [tokenHash, family],
    );
    const agent = (r.rows[0]?.agent as string | undefined) ?? family;
    if (firstAgents.size >= FINGERPRINT_CACHE) firstAgents.delete(firstAgents.keys().next().value!);
    firstAgents.set(tokenHash, agent);
    return agent;
  }

  async function scraping(req: FastifyRequest): Promise<{ retryAfter: number } | null> {
    const c = await security.counters.hit(`scrape:${req.user!.id}`, cfg.scrapeWindowMs);
    if (c.current <= cfg.scrapeMaxPages) return null;
    if (c.current === cfg.scrapeMaxPages + 1) {
      await security
        .recordViolation(
          reportFor(
            req,
            'query_limit',
            `more than ${cfg.scrapeMaxPages} catalog pages within ${formatWindow(cfg.scrapeWindowMs)}`,
          ),
        )
        .catch((err: Error) => req.log.error({ err }, 'recording a query_limit violation failed'));
    }
    return { retryAfter: Math.max(1, Math.ceil(c.ttl / 1000)) };
  }

  app.addHook('onRequest', async (req, reply) => {
    if (!req.user) return;
    security.noteSignedIn(clientIp(req), req.user.id);
    if (security.isAllowedIp(clientIp(req))) return;
    const cls = limitClass(req);
    if (cls && (await enforce(req, reply, 'user', [cls]))) return reply;

    if (isCatalogPage(req)) {
      const over = await scraping(req);
      if (over)
        return reply.code(429).header('retry-after', String(over.retryAfter)).send({ error: RATE_LIMIT_EXCEEDED });
    }

    if (cfg.fingerprintMode !== 'off') {
      const auth = req.headers.authorization;
      if (!auth?.startsWith('Bearer ')) return;
      const tokenHash = createHash('sha256').update(auth.slice(7)).digest('hex').slice(0, 40);
      const family = agentFamily(userAgentOf(req));
      const first = await firstAgentOf(tokenHash, family);
      if (first === family) return;
      // Another browser (a phone's "Desktop site" switch, device mode) is the session's matter: at most
      // the session is asked for again. A program replaying a browser's token is refused.
      const program = automatedMarker(userAgentOf(req), []) !== null;
      const report = reportFor(
        req,
        'fingerprint',
        program
          ? 'session token used by a program, not the browser that signed in'
          : 'session opened by another browser than the one that signed in',
      );
      if (cfg.fingerprintMode === 'log') security.recordInBackground(report);
      else {
        await security
          .recordViolation(report)
          .catch((err: Error) => req.log.error({ err }, 'recording a fingerprint violation failed'));
        return program
          ? reply.code(403).send({ error: SUSPICIOUS_ACTIVITY })
          : reply.code(401).send({ error: SIGN_IN_AGAIN });
      }
    }
  });
}
