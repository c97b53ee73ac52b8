import { investorUpdateStream, type EditInvestorUpdateRequest } from '@fp/contracts';
import { handleCommand, type CommandMeta } from '../../platform/decider';
import type { InvestorUpdatesServiceContext } from './context';
import { investorUpdateDecider } from './investor-update-decider';
import { checkSources } from './profile-metrics';

/** Saves the draft (content, recipients). A metric whose value is no longer the profile's becomes the founder's. */
export async function editUpdate(
  ctx: InvestorUpdatesServiceContext,
  userId: string,
  updateId: string,
  req: EditInvestorUpdateRequest,
  meta: CommandMeta,
) {
  const content = req.content
    ? { ...req.content, metrics: checkSources(req.content.metrics, (await ctx.profile.get(userId)).profile) }
    : undefined;
  const recipients = req.recipients
    ? {
        stages: [...new Set(req.recipients.stages)],
        emails: [...new Set(req.recipients.emails)],
        addresses: req.recipients.addresses,
      }
    : undefined;
  const r = await handleCommand(
    ctx.store,
    investorUpdateStream(updateId),
    investorUpdateDecider,
    {
      type: 'EditUpdate',
      data: { updateId, userId, ...(content ? { content } : {}), ...(recipients ? { recipients } : {}) },
    },
    meta,
  );
  if (r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
}
