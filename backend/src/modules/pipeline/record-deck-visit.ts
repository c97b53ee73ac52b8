import type { InvestorKind } from '@fp/contracts';
import type { CommandMeta } from '../../platform/decider';
import type { PipelineServiceContext } from './context';
import { runPipelineCommand } from './run-pipeline-command';

/**
 * A deck visit through an investor's link. Called by the process manager inside the projection
 * runner, so it does not wait for the board. Idempotent per visit.
 */
export function recordDeckVisit(
  ctx: PipelineServiceContext,
  userId: string,
  visit: { visitId: string; investorId: string; investorKind: InvestorKind; email: string | null },
  meta: CommandMeta,
) {
  return runPipelineCommand(ctx, userId, { type: 'RecordDeckVisit', data: { userId, ...visit } }, meta, false);
}
