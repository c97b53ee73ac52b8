import type { PipelineCard, UpdatePipelineCardRequest } from '@fp/contracts';
import { DomainError, type CommandMeta } from '../../platform/decider';
import type { PipelineServiceContext } from './context';
import { listCards } from './queries';
import { runPipelineCommand } from './run-pipeline-command';

/** Moves a card, edits its notes or follow-up date; answers the card as the board shows it. */
export async function updateCard(
  ctx: PipelineServiceContext,
  userId: string,
  cardId: string,
  patch: UpdatePipelineCardRequest,
  meta: CommandMeta,
): Promise<PipelineCard> {
  await runPipelineCommand(ctx, userId, { type: 'UpdateCard', data: { userId, cardId, ...patch } }, meta);
  const [card] = await listCards(ctx.db, userId, { ids: [cardId] });
  if (!card)
    throw new DomainError(
      'The change is saved but the board is still catching up; refresh in a moment',
      503,
      'catching_up',
    );
  return card;
}
