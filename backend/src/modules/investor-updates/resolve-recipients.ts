import { investorUpdateList, type UpdateRecipients, type UpdateRecipientView } from '@fp/contracts';
import { createHash } from 'node:crypto';
import type { InvestorUpdatesServiceContext } from './context';

const key = (kind: string, id: string) => `${kind}:${id}`;

/** The message and deck link of one recipient of one update: the same on every Send and preview. */
export const recipientId = (updateId: string, email: string) =>
  `iu-${updateId}-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 16)}`;

/**
 * Who the update reaches now: every pipeline card in the chosen stages, with the address the founder
 * gave for it (or the one on their deck link to that investor), plus the addresses typed by hand,
 * one each. Addresses that unsubscribed from this founder's updates are set apart, never sent to.
 */
export async function resolveRecipients(ctx: InvestorUpdatesServiceContext, userId: string, chosen: UpdateRecipients) {
  const stages = new Set<string>(chosen.stages);
  const [cards, links] = await Promise.all([
    stages.size ? ctx.pipeline.list(userId) : Promise.resolve([]),
    stages.size ? ctx.deckLinks.list(userId) : Promise.resolve([]),
  ]);
  const given = new Map(chosen.addresses.map((a) => [key(a.investorKind, a.investorId), a.email]));
  // Links are newest first: the first address seen for an investor is the latest one.
  const linked = new Map<string, string>();
  for (const l of links)
    if (l.investorId && l.investorKind && l.email && !linked.has(key(l.investorKind, l.investorId)))
      linked.set(key(l.investorKind, l.investorId), l.email);

  const byEmail = new Map<string, UpdateRecipientView>();
  const missingEmail: UpdateRecipientView[] = [];
  for (const c of cards) {
    if (!stages.has(c.stage)) continue;
    const email = given.get(key(c.investorKind, c.investorId)) ?? linked.get(key(c.investorKind, c.investorId)) ?? null;
    const view: UpdateRecipientView = {
      email: email ?? '',
      name: c.name,
      investorId: c.investorId,
      investorKind: c.investorKind,
      stage: c.stage,
    };
    if (!email) missingEmail.push(view);
    else if (!byEmail.has(email.toLowerCase()))
      byEmail.set(email.toLowerCase(), { ...view, email: email.toLowerCase() });
  }
  for (const email of chosen.emails) {
    const e = email.toLowerCase();
    if (!byEmail.has(e)) byEmail.set(e, { email: e, name: null, investorId: null, investorKind: null, stage: null });
  }
  const all = [...byEmail.values()];
  const out = await ctx.mail.optedOut(
    all.map((r) => r.email),
    'notification',
    investorUpdateList(userId),
  );
  return {
    recipients: all.filter((r) => !out.has(r.email)),
    unsubscribed: all.filter((r) => out.has(r.email)),
    missingEmail,
  };
}
