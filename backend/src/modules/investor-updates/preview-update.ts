import { UPDATE_NOT_RECIPIENT, type InvestorUpdatePreview } from '@fp/contracts';
import { DomainError, type CommandMeta } from '../../platform/decider';
import { messageFor, senderOf } from './compose-message';
import type { InvestorUpdatesServiceContext } from './context';
import { recipientLink } from './send-update';
import { resolveRecipients } from './resolve-recipients';
import { ownUpdate } from './update-stream';

/**
 * Who Send would reach now, and exactly what one of them gets (`to`, else the first): the message is
 * rendered by the mail module as Send will queue it, with that recipient's own deck link (made now,
 * under the id Send uses, so the link in the preview is the one they receive) and unsubscribe link.
 * Nothing is queued.
 */
export async function previewUpdate(
  ctx: InvestorUpdatesServiceContext,
  userId: string,
  updateId: string,
  to: string | undefined,
  meta: CommandMeta,
): Promise<InvestorUpdatePreview> {
  const update = await ownUpdate(ctx, userId, updateId);
  const { recipients, unsubscribed, missingEmail } = await resolveRecipients(ctx, userId, update.recipients);
  const off = await ctx.deckLinks.offLinks(userId, recipients);
  const linkOff = recipients.flatMap((r) => {
    const o = off.get(r.email);
    return o ? [{ ...r, ...o }] : [];
  });
  const who = to ? recipients.find((r) => r.email === to.toLowerCase()) : recipients[0];
  if (to && !who) throw new DomainError(UPDATE_NOT_RECIPIENT, 400, 'not_recipient');
  if (!who) return { recipients, unsubscribed, missingEmail, linkOff, message: null };
  const from = await senderOf(ctx, userId);
  // A recipient whose link is off is shown the message without one, as Send would send it.
  const link = off.has(who.email) ? null : await recipientLink(ctx, userId, updateId, who, meta);
  const { data, list } = messageFor(userId, from, update.content, link?.url ?? null);
  const m = ctx.mail.render('investor-update', { to: who.email, data, list });
  return {
    recipients,
    unsubscribed,
    missingEmail,
    linkOff,
    message: { to: who.email, subject: m.subject, text: m.text, html: m.html },
  };
}
