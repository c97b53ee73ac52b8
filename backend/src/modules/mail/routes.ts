import { API_ROUTES, MailboxQuery, UnsubscribeRequest } from '@fp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../platform/auth';
import { metaFor } from '../../platform/context';
import { DomainError } from '../../platform/decider';
import { parse } from '../../platform/http';
import { typedRoute } from '../../platform/typed-route';
import type { MailContext } from './route-context';

export const UNSUBSCRIBE_PATH = API_ROUTES.unsubscribe;

export function mailRoutes(app: FastifyInstance, ctx: MailContext) {
  // The operator mailbox: every outgoing message with its delivery state (admins only).
  typedRoute(app, 'mailbox', 'GET', async (req) => {
    requireAdmin(req);
    const q = parse(MailboxQuery, req.query);
    return { transport: ctx.mail.transport, messages: await ctx.mail.list(q) };
  });
  typedRoute(app, 'mailboxMessage', 'GET', async (req) => {
    requireAdmin(req);
    const m = await ctx.mail.get(req.params.id);
    if (!m) throw new DomainError('Message not found', 404, 'not_found');
    return m;
  });

  // Unsubscribe without a session: the signed token is the credential. JSON from our page, or a
  // mail client's RFC 8058 one-click POST (form-encoded body, token in the query). GET reads the
  // state for the page; DELETE is the page's Undo.
  // The token comes in the query (the link, a mail client's one-click POST, whose form body is
  // "List-Unsubscribe=One-Click") or as the JSON body { token }; either is parsed strictly.
  const tokenOf = (req: { query: unknown; body: unknown }) => {
    const query = (req.query ?? {}) as Record<string, unknown>;
    return parse(UnsubscribeRequest, Object.keys(query).length ? query : (req.body ?? {})).token;
  };
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.get(UNSUBSCRIBE_PATH, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ctx.mail.optOutState(tokenOf(req));
    });
    // Mail providers send the one-click POST from their own HTTP clients (Go, Java, node agents).
    scope.post(UNSUBSCRIBE_PATH, { config: { machineFacing: true } }, async (req) => {
      const who = await ctx.mail.unsubscribe(tokenOf(req), metaFor(ctx, 'mail:unsubscribe'));
      return { unsubscribed: true, email: who.email };
    });
    scope.delete(UNSUBSCRIBE_PATH, async (req) => {
      const who = await ctx.mail.resubscribe(tokenOf(req), metaFor(ctx, 'mail:resubscribe'));
      return { unsubscribed: false, email: who.email };
    });
  });
}
