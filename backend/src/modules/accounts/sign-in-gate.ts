import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ACCOUNT_DISABLED } from '../../platform/auth';
import { metaFor } from '../../platform/context';
import { isSignIn, signInEmail } from '../../platform/identity/port';
import type { AccountsContext } from './route-context';

const SIGNING_IN = Symbol('accounts.signingIn');
type SignInReq = FastifyRequest & { [SIGNING_IN]?: string };

/**
 * Around the identity provider's password sign-in: a disabled account is refused with a clear
 * message before the provider is asked (so no session is made), and a successful sign-in is
 * recorded on the user's stream (the operators' "last sign-in", the dashboard's "Welcome back").
 */
export function installSignInGate(app: FastifyInstance, ctx: AccountsContext) {
  app.addHook('preHandler', async (req: SignInReq, reply) => {
    if (!isSignIn(req.method, req.url.split('?')[0]!)) return;
    const email = signInEmail(req.body);
    if (!email) return;
    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'disabled_at'])
      .where(sql`lower(email)`, '=', email)
      .executeTakeFirst();
    // `message` too: the provider's browser client shows that field of a refused sign-in.
    if (user?.disabled_at) return reply.status(403).send({ error: ACCOUNT_DISABLED, message: ACCOUNT_DISABLED });
    if (user) req[SIGNING_IN] = user.id;
  });
  app.addHook('onSend', async (req: SignInReq, reply, payload) => {
    const userId = req[SIGNING_IN];
    // SuperTokens answers a wrong password with 200 and a status in the body.
    const failed =
      reply.statusCode >= 300 || (typeof payload === 'string' && payload.includes('WRONG_CREDENTIALS_ERROR'));
    // Awaited before the answer goes out: the dashboard asks /api/auth/me right after, and says
    // "Welcome back" only for a sign-in on record. A failure to record still signs in.
    if (userId && !failed)
      await ctx.accounts
        .recordSignIn(userId, metaFor(ctx, userId))
        .catch((err) => req.log.error({ err }, 'recording a sign-in failed'));
    return payload;
  });
}
