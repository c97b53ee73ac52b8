import { pitchDeckStream } from '@fp/contracts';
import { handleCommand, type CommandMeta } from '../../platform/decider';
import { pitchDeckDecider } from './pitch-deck-decider';
import { deleteDeckFiles } from './deck-files';
import type { DeckContext } from './upload-pitch-deck';

/** Removes the current deck (404 when there is none): the event first, then its file. */
export async function removePitchDeck(ctx: DeckContext, userId: string, meta: CommandMeta) {
  const r = await handleCommand(
    ctx.store,
    pitchDeckStream(userId),
    pitchDeckDecider,
    { type: 'RemovePitchDeck', data: { userId } },
    meta,
    { maxRetries: 20 },
  );
  const removed = r.events[0]?.type === 'PitchDeckRemoved' ? r.events[0].data.deckId : null;
  if (r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
  if (removed) await deleteDeckFiles(ctx.storage, userId, removed);
}
