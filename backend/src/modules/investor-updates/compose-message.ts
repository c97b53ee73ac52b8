import { investorUpdateList, UPDATE_NEEDS_SENDER, type InvestorUpdateSent, type UpdateContent } from '@fp/contracts';
import { DomainError } from '../../platform/decider';
import type { InvestorUpdateData, MailList } from '../mail/index';
import type { InvestorUpdatesServiceContext } from './context';

/** The sender as the e-mails name them: the founder's own profile, never a made-up name. */
export async function senderOf(
  ctx: InvestorUpdatesServiceContext,
  userId: string,
): Promise<InvestorUpdateSent['data']['from']> {
  const { profile } = await ctx.profile.get(userId);
  if (!profile.founderName?.trim() || !profile.companyName?.trim())
    throw new DomainError(UPDATE_NEEDS_SENDER, 400, 'needs_sender');
  return {
    name: profile.founderName.trim(),
    company: profile.companyName.trim(),
    email: profile.founderEmail?.trim() || null,
  };
}

/** One recipient's message: the draft's words, the recipient's deck link, and this founder's unsubscribe list. */
export function messageFor(
  userId: string,
  from: InvestorUpdateSent['data']['from'],
  content: UpdateContent,
  deckUrl: string | null,
): { data: InvestorUpdateData; list: MailList } {
  return {
    data: {
      from,
      subject: content.subject,
      highlights: content.highlights,
      metrics: content.metrics.map(({ label, value }) => ({ label, value })),
      asks: content.asks,
      lowlights: content.lowlights,
      deckUrl,
    },
    list: { id: investorUpdateList(userId), name: from.company },
  };
}
