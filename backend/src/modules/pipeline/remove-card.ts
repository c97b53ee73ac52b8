import type { CommandMeta } from '../../platform/decider';
import type { PipelineServiceContext } from './context';
import { runPipelineCommand } from './run-pipeline-command';

/** Takes a card off the founder's board. */
export async function removeCard(
  ctx: PipelineServiceContext,
  userId: string,
  cardId: string,
  meta: CommandMeta,
): Promise<void> {
  await runPipelineCommand(ctx, userId, { type: 'RemoveCard', data: { userId, cardId } }, meta);
}
