import { DECK_CODE_WRONG, deckCodeStream } from '@fp/contracts';
import { createHash } from 'node:crypto';
import { DomainError, handleCommand, type CommandMeta } from '../../platform/decider';
import type { DeckLinksServiceContext } from './context';
import { deckCodeDecider } from './deck-code-decider';

/** The code stream's key for an e-mail: a digest, so no address is in a stream's name. */
export const emailKey = (email: string) =>
  createHash('sha256').update(email.toLowerCase()).digest('base64url').slice(0, 22);

/**
 * Checks a viewer's code for this link and e-mail: the right one records DeckViewerVerified and is
 * used up; a wrong one records the try and answers 403 (expired, used, too many tries: the decider's).
 */
export async function acceptDeckCode(
  ctx: DeckLinksServiceContext,
  row: { id: string; user_id: string },
  email: string,
  code: string,
  meta: CommandMeta,
): Promise<true> {
  const r = await handleCommand(
    ctx.store,
    deckCodeStream(row.id, emailKey(email)),
    deckCodeDecider,
    { type: 'UseDeckCode', data: { linkId: row.id, userId: row.user_id, email, code } },
    meta,
  );
  if (r.events[0]?.type !== 'DeckViewerVerified') throw new DomainError(DECK_CODE_WRONG, 403, 'code_wrong');
  return true;
}
