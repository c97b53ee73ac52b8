import { pipelineStream, type InvestorKind } from '@fp/contracts';
import { handleCommand, type CommandMeta } from '../../platform/decider';
import type { PipelineServiceContext } from './context';
import { investorKey, pipelineDecider, type PipelineCommand } from './pipeline-decider';

/** Runs a command on the founder's stream; with `wait`, answers after the board shows it. */
export async function runPipelineCommand(
  ctx: Pick<PipelineServiceContext, 'store' | 'projections'>,
  userId: string,
  command: PipelineCommand,
  meta: CommandMeta,
  wait = true,
) {
  const r = await handleCommand(ctx.store, pipelineStream(userId), pipelineDecider, command, meta, { maxRetries: 50 });
  if (wait && r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
  return r;
}

/** The ids a new card of each investor gets (chosen outside the decider, which stays pure). */
export const withCardIds = (
  ctx: Pick<PipelineServiceContext, 'newId'>,
  meta: CommandMeta,
  investors: { investorId: string; investorKind: InvestorKind }[],
): CommandMeta => ({
  ...meta,
  ids: Object.fromEntries(investors.map((i) => [investorKey(i.investorKind, i.investorId), ctx.newId()])),
});
