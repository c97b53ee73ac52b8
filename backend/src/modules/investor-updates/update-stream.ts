import { investorUpdateStream, UPDATE_NOT_FOUND } from '@fp/contracts';
import { DomainError, foldEvents } from '../../platform/decider';
import type { InvestorUpdatesServiceContext } from './context';
import { investorUpdateDecider } from './investor-update-decider';

/** The update as its stream holds it (not the read model, which may lag); another founder's is a 404. */
export async function ownUpdate(ctx: Pick<InvestorUpdatesServiceContext, 'store'>, userId: string, updateId: string) {
  const { events } = await ctx.store.readStream(investorUpdateStream(updateId));
  const { update } = foldEvents(investorUpdateDecider, events);
  if (!update || update.userId !== userId) throw new DomainError(UPDATE_NOT_FOUND, 404, 'not_found');
  return update;
}
