import {
  API_ROUTES,
  INVALID_RESET_LINK,
  INVALID_VERIFY_LINK,
  PASSWORD_RESET_SENT,
  PasswordResetBody,
  PasswordResetRequest,
  TOO_MANY_REQUESTS,
  VerifyEmailBody,
} from '@fp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth';
import { DomainError } from '../../platform/decider';
import { parse } from '../../platform/http';
import { typedRoute } from '../../platform/typed-route';
import type { AccountsContext } from './route-context';
import { rateWindow } from './rate-window';

const WINDOW = 15 * 60_000;
/** Session-free account routes: reset and verification links are their own credentials. */
export const RECOVERY_PATHS = [API_ROUTES.passwordResetRequest, API_ROUTES.passwordReset, API_ROUTES.verifyEmail].map(
  (path) => new RegExp(`^${path.replace(/[/.]/g, '\\$&')}$`),
);

/**
 * Password reset and e-mail verification through the identity port (the provider's own tokens:
 * expiring, one use). A reset request answers the same whether or not the address has an account.
 */
export function recoverAccountRoutes(app: FastifyInstance, ctx: AccountsContext) {
  const perIp = rateWindow(20, WINDOW);
  const perEmail = rateWindow(3, WINDOW);
  const limit = (req: FastifyRequest, email?: string) => {
    const ok = perIp(`ip:${req.ip}`) && (email === undefined || perEmail(`email:${email.toLowerCase()}`));
    if (!ok) throw new DomainError(TOO_MANY_REQUESTS, 429, 'rate_limited');
  };

  app.post(API_ROUTES.passwordResetRequest, async (req) => {
    const { email } = parse(PasswordResetRequest, req.body);
    limit(req, email);
    await ctx.identity.requestPasswordReset(email);
    return { message: PASSWORD_RESET_SENT };
  });

  app.post(API_ROUTES.passwordReset, async (req) => {
    limit(req);
    const { token, password } = parse(PasswordResetBody, req.body);
    if (!(await ctx.identity.resetPassword(token, password)))
      throw new DomainError(INVALID_RESET_LINK, 400, 'invalid_token');
    return { ok: true };
  });

  app.post(API_ROUTES.verifyEmail, async (req) => {
    limit(req);
    const { token } = parse(VerifyEmailBody, req.body);
    const r = await ctx.identity.verifyEmail(token);
    if (r === 'invalid') throw new DomainError(INVALID_VERIFY_LINK, 400, 'invalid_token');
    return { status: r };
  });

  typedRoute(app, 'verificationEmail', 'POST', async (req) => {
    const user = requireUser(req);
    limit(req, user.email);
    if (user.emailVerified) throw new DomainError('Your e-mail address is already verified.', 409, 'already_verified');
    await ctx.identity.sendVerificationEmail(user.email);
    return { sent: true as const };
  });
}
