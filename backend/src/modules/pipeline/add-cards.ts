import type { AddPipelineCardsRequest, PipelineCard, PipelineStage } from '@fp/contracts';
import type { CommandMeta } from '../../platform/decider';
import type { PipelineServiceContext } from './context';
import { investorKey } from './pipeline-decider';
import { listCards } from './queries';
import { resolveInvestors } from './resolve-investors';
import { runPipelineCommand, withCardIds } from './run-pipeline-command';

/**
 * Adds investors to the board (Target unless a stage is given). An investor already there keeps
 * its card: the answer holds every requested investor's card and how many were new.
 */
export async function addCards(
  ctx: PipelineServiceContext,
  userId: string,
  req: AddPipelineCardsRequest,
  meta: CommandMeta,
): Promise<{ cards: PipelineCard[]; added: number }> {
  const investors = await resolveInvestors(ctx, req.investors);
  const r = await runPipelineCommand(
    ctx,
    userId,
    { type: 'AddCards', data: { userId, investors, stage: (req.stage ?? 'Target') as PipelineStage } },
    withCardIds(ctx, meta, investors),
  );
  const ids = investors.map((i) => r.state.byInvestor.get(investorKey(i.investorKind, i.investorId))!).filter(Boolean);
  const cards = await listCards(ctx.db, userId, { ids: [...new Set(ids)] });
  return { cards, added: r.events.length };
}
