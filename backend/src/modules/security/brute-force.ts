import { RATE_LIMIT_EXCEEDED } from '@fp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SecurityContext } from './route-context';
import { isSignIn, signInEmail } from '../../platform/identity/port';
import { clientIp, pathOf, reportFor } from './request';

const SIGN_IN = Symbol('security.signIn');
/** First slowed attempt waits this long; each further failure doubles it, up to SLOW_MAX_MS. */
const SLOW_BASE_MS = 500;
const SLOW_MAX_MS = 8000;

type SignInReq = FastifyRequest & { [SIGN_IN]?: { keys: string[]; account: string | null } };

const masked = (email: string) => email.replace(/^(.)[^@]*/, '$1***');

export function slowDownMs(failures: number, slowAfter: number): number {
  if (failures < slowAfter) return 0;
  return Math.min(SLOW_BASE_MS * 2 ** (failures - slowAfter), SLOW_MAX_MS);
}

/**
 * Failed password sign-ins are counted per account and per IP. From `signInSlowAfter` failures on,
 * each attempt waits longer before it is checked; from `signInMaxFailures` on, attempts are refused
 * with 429 until the window ends. Crossing either mark records a brute_force violation.
 */
export function installBruteForceGuard(app: FastifyInstance, ctx: SecurityContext) {
  const security = ctx.security;
  const cfg = ctx.config.security;

  app.addHook('preHandler', async (req: SignInReq, reply) => {
    if (!isSignIn(req.method, pathOf(req))) return;
    const ip = clientIp(req);
    if (security.isAllowedIp(ip)) return;
    const account = signInEmail(req.body);
    const keys = [`signin:ip:${ip}`, ...(account ? [`signin:acct:${account}`] : [])];
    req[SIGN_IN] = { keys, account };
    const counts = await Promise.all(keys.map((k) => security.counters.peek(k)));
    const failures = Math.max(...counts.map((c) => c.current));
    if (failures >= cfg.signInMaxFailures) {
      const ttl = Math.max(...counts.map((c) => c.ttl));
      return reply
        .code(429)
        .header('retry-after', String(Math.max(1, Math.ceil(ttl / 1000))))
        .send({ error: RATE_LIMIT_EXCEEDED });
    }
    const wait = slowDownMs(failures, cfg.signInSlowAfter);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  });

  // onSend, not onResponse: the failure is counted before the client can send its next attempt.
  app.addHook('onSend', async (req: SignInReq, reply, payload) => {
    const info = req[SIGN_IN];
    if (!info || reply.statusCode === 429) return payload;
    const failed =
      reply.statusCode === 401 ||
      (reply.statusCode === 200 && typeof payload === 'string' && payload.includes('WRONG_CREDENTIALS_ERROR'));
    if (!failed) {
      if (reply.statusCode < 300 && info.account)
        await security.counters.reset([`signin:acct:${info.account}`]).catch(() => undefined);
      return payload;
    }
    try {
      const counts = await Promise.all(info.keys.map((k) => security.counters.hit(k, cfg.signInWindowMs)));
      const marks = [cfg.signInSlowAfter, cfg.signInMaxFailures];
      const crossed = info.keys.filter((_, i) => marks.includes(counts[i]!.current));
      if (crossed.length) {
        const what = crossed
          .map((k) => (k.startsWith('signin:acct:') ? `account ${masked(info.account!)}` : 'this IP'))
          .join(' and ');
        const n = Math.max(...counts.map((c) => c.current));
        security.recordInBackground(reportFor(req, 'brute_force', `${n} failed sign-ins for ${what}`));
      }
    } catch (err) {
      req.log.error({ err }, 'counting a failed sign-in failed');
    }
    return payload;
  });
}
