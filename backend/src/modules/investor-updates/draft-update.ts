import { investorUpdateStream, type UpdateContent } from '@fp/contracts';
import { handleCommand, type CommandMeta } from '../../platform/decider';
import type { InvestorUpdatesServiceContext } from './context';
import { investorUpdateDecider } from './investor-update-decider';
import { profileMetrics } from './profile-metrics';

/**
 * A new draft from the monthly template: the usual sections empty for the founder to write, the
 * metrics from their profile (each saying where it came from), and no recipients yet. Nothing is sent.
 */
export async function draftUpdate(
  ctx: InvestorUpdatesServiceContext,
  userId: string,
  meta: CommandMeta,
): Promise<{ id: string }> {
  const { profile } = await ctx.profile.get(userId);
  const month = meta.now.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const content: UpdateContent = {
    subject: `${profile.companyName ? `${profile.companyName} update` : 'Investor update'} — ${month}`,
    highlights: '',
    metrics: profileMetrics(profile),
    asks: '',
    lowlights: '',
  };
  const updateId = ctx.newId();
  const r = await handleCommand(
    ctx.store,
    investorUpdateStream(updateId),
    investorUpdateDecider,
    {
      type: 'DraftUpdate',
      data: { updateId, userId, content, recipients: { stages: [], emails: [], addresses: [] } },
    },
    meta,
  );
  if (r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
  return { id: updateId };
}
