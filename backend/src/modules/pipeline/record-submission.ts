import type { CommandMeta } from '../../platform/decider';
import type { PipelineServiceContext } from './context';
import type { InvestorRef } from './pipeline-decider';
import { runPipelineCommand, withCardIds } from './run-pipeline-command';

/**
 * A completed submission reaches the board. Called by the process manager's effect, after its batch
 * committed, so it does not wait for the board. Idempotent per submission.
 */
export function recordSubmission(
  ctx: PipelineServiceContext,
  userId: string,
  submissionId: string,
  firm: { id: string; name: string },
  meta: CommandMeta,
) {
  const investor: InvestorRef = { investorId: firm.id, investorKind: 'vc', name: firm.name };
  const command = { type: 'RecordSubmission' as const, data: { userId, submissionId, investor } };
  return runPipelineCommand(ctx, userId, command, withCardIds(ctx, meta, [investor]), false);
}
