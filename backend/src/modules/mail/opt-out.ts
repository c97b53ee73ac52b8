import { optOutKey, type MailCategory, type UnsubscribeState } from '@fp/contracts';
import { createHash } from 'node:crypto';
import { DomainError, foldEvents, handleCommand, type CommandMeta } from '../../platform/decider';
import type { MailServiceContext } from './context';
import { optOutDecider } from './opt-out-decider';
import { readUnsubscribeToken } from './unsubscribe-token';

// Unsubscribing from notifications: one stream per address, written from a signed link's token.

const optOutStream = (email: string) =>
  `mail-optout-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32)}`;

function tokenOwner(ctx: Pick<MailServiceContext, 'config'>, token: string) {
  const who = readUnsubscribeToken(ctx.config.authSecret, token);
  if (!who) throw new DomainError('This unsubscribe link is not valid', 400, 'invalid_token');
  return who;
}

/** Which of these addresses unsubscribed from the list (lower-cased), from the read model. */
export async function optedOut(
  ctx: Pick<MailServiceContext, 'db'>,
  emails: string[],
  category: MailCategory,
  list?: string,
): Promise<Set<string>> {
  const lower = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  if (!lower.length) return new Set();
  const rows = await ctx.db
    .selectFrom('mail_optouts')
    .select('email')
    .where('email', 'in', lower)
    .where('category', '=', optOutKey(category, list))
    .execute();
  return new Set(rows.map((r) => r.email as string));
}

/** Records an opt-out from a signed unsubscribe token; a bad token is a 400. */
export async function unsubscribe(ctx: MailServiceContext, token: string, meta: CommandMeta) {
  const who = tokenOwner(ctx, token);
  const r = await handleCommand(
    ctx.store,
    optOutStream(who.email),
    optOutDecider,
    { type: 'Unsubscribe', email: who.email, category: who.category, list: who.list?.id },
    meta,
  );
  if (r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
  return who;
}

/** Takes the opt-out back (the unsubscribe page's Undo); a bad token is a 400. */
export async function resubscribe(ctx: MailServiceContext, token: string, meta: CommandMeta) {
  const who = tokenOwner(ctx, token);
  const r = await handleCommand(
    ctx.store,
    optOutStream(who.email),
    optOutDecider,
    { type: 'Resubscribe', email: who.email, category: who.category, list: who.list?.id },
    meta,
  );
  // send() reads the read model: once this returns, notifications go out again.
  if (r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
  return who;
}

/** The token's address and category, and whether it is unsubscribed now (read from the log, not the read model). */
export async function optOutState(ctx: MailServiceContext, token: string): Promise<UnsubscribeState> {
  const who = tokenOwner(ctx, token);
  const { events } = await ctx.store.readStream(optOutStream(who.email));
  return {
    email: who.email,
    category: who.category,
    list: who.list?.id ?? null,
    listName: who.list?.name ?? null,
    unsubscribed: foldEvents(optOutDecider, events).has(optOutKey(who.category, who.list?.id)),
  };
}
