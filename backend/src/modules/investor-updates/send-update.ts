import {
  investorUpdateStream,
  UPDATE_DECK_LINKS_OFF,
  UPDATE_EMPTY,
  UPDATE_NO_RECIPIENTS,
  type InvestorUpdateSent,
  type UpdateDelivery,
  type UpdateRecipientView,
} from '@fp/contracts';
import { DomainError, handleCommand, type CommandMeta } from '../../platform/decider';
import { messageFor, senderOf } from './compose-message';
import type { InvestorUpdatesServiceContext } from './context';
import { hasContent, investorUpdateDecider } from './investor-update-decider';
import { recipientId, resolveRecipients } from './resolve-recipients';
import { ownUpdate } from './update-stream';

/** The recipient's own deck link (one per recipient e-mail of this update), or null while the founder has no deck. */
export async function recipientLink(
  ctx: InvestorUpdatesServiceContext,
  userId: string,
  updateId: string,
  who: UpdateRecipientView,
  meta: CommandMeta,
) {
  const deck = await ctx.profile.pitchDeck(userId);
  if (!deck.current) return null;
  const id = recipientId(updateId, who.email);
  const link = await ctx.deckLinks.forRecipient(
    userId,
    id,
    { email: who.email, name: who.name, investorId: who.investorId, investorKind: who.investorKind },
    meta,
  );
  return { id, url: link.url };
}

/** Queues the messages Send recorded, one per recipient; each has its recorded id, so queuing again adds nothing. */
async function queue(ctx: InvestorUpdatesServiceContext, sent: InvestorUpdateSent['data'], meta: CommandMeta) {
  let last: string | null = null;
  for (const r of sent.recipients) {
    const { data, list } = messageFor(sent.userId, sent.from, sent.content, r.deckUrl);
    last =
      (
        await ctx.mail.send(
          'investor-update',
          { to: r.email, userId: sent.userId, data, list, messageId: r.messageId },
          meta,
        )
      ).checkpoint ?? last;
  }
  // The update's page reads the outbox: answer once it shows these messages.
  if (last) await ctx.projections.waitFor(last, 5000).catch(() => undefined);
}

/**
 * The founder pressed Send: one message per recipient through the mail port, each with its own deck
 * link and unsubscribe link. The update's stream decides once (a second Send, from a double click,
 * another tab or a retry, records nothing); the messages are then queued under the ids that decision
 * recorded, so a retry after a crash between the two finishes the queueing and never sends twice.
 */
export async function sendUpdate(
  ctx: InvestorUpdatesServiceContext,
  userId: string,
  updateId: string,
  meta: CommandMeta,
  opts: { withoutOffLinks?: boolean } = {},
) {
  const update = await ownUpdate(ctx, userId, updateId);
  if (update.sent) {
    await queue(ctx, update.sent, meta);
    return { alreadySent: true, recipients: update.sent.recipients.length, skipped: update.sent.skipped.length };
  }
  // Checked before any deck link is made (the decider checks again).
  if (!hasContent(update.content)) throw new DomainError(UPDATE_EMPTY, 400, 'empty');
  const from = await senderOf(ctx, userId);
  const { recipients, unsubscribed } = await resolveRecipients(ctx, userId, update.recipients);
  if (!recipients.length) throw new DomainError(UPDATE_NO_RECIPIENTS, 400, 'no_recipients');
  // Off means off: a recipient whose link the founder turned off or deleted gets no new one; the
  // founder has chosen on the compose screen to send them the update without a link (else 409).
  const off = await ctx.deckLinks.offLinks(userId, recipients);
  if (off.size && !opts.withoutOffLinks) throw new DomainError(UPDATE_DECK_LINKS_OFF, 409, 'deck_links_off');
  const deliveries: UpdateDelivery[] = [];
  for (const who of recipients) {
    const link = off.has(who.email) ? null : await recipientLink(ctx, userId, updateId, who, meta);
    deliveries.push({
      email: who.email,
      name: who.name,
      investorId: who.investorId,
      investorKind: who.investorKind,
      messageId: recipientId(updateId, who.email),
      deckLinkId: link?.id ?? null,
      deckUrl: link?.url ?? null,
      ...(off.has(who.email) ? { deckLinkOff: true } : {}),
    });
  }
  const r = await handleCommand(
    ctx.store,
    investorUpdateStream(updateId),
    investorUpdateDecider,
    {
      type: 'SendUpdate',
      data: {
        updateId,
        userId,
        from,
        recipients: deliveries,
        skipped: unsubscribed.map((u) => ({ email: u.email, name: u.name, reason: 'unsubscribed' as const })),
      },
    },
    meta,
    { maxRetries: 5 },
  );
  const sent = r.state.update!.sent!;
  await queue(ctx, sent, meta);
  if (r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
  return { alreadySent: r.events.length === 0, recipients: sent.recipients.length, skipped: sent.skipped.length };
}
