import { DECK_LINK_NOT_FOUND, deckLinkStream } from '@fp/contracts';
import { DomainError, handleCommand, type CommandMeta } from '../../platform/decider';
import type { DeckLinksServiceContext } from './context';
import { deckLinkDecider } from './deck-link-decider';

/**
 * Deletes one of the founder's links (another's is a 404): an event on its stream, so its history
 * and visits stay and the deck's figures keep counting them; the link leaves the list and stays off.
 */
export async function deleteDeckLink(
  ctx: Pick<DeckLinksServiceContext, 'store' | 'projections'>,
  userId: string,
  linkId: string,
  meta: CommandMeta,
): Promise<void> {
  const r = await handleCommand(
    ctx.store,
    deckLinkStream(linkId),
    deckLinkDecider,
    { type: 'DeleteDeckLink', data: { linkId, userId } },
    meta,
    { maxRetries: 50 },
  );
  if (!r.state.link) throw new DomainError(DECK_LINK_NOT_FOUND, 404, 'not_found');
  if (r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
}
