import {
  DECK_CODE_DIGITS,
  DECK_CODE_MINUTES,
  DECK_CODE_WRONG,
  deckCodeStream,
  type SendDeckCodeResponse,
} from '@fp/contracts';
import { randomBytes, randomInt } from 'node:crypto';
import { DomainError, handleCommand, type CommandMeta } from '../../platform/decider';
import type { DeckLinksServiceContext } from './context';
import { deckCodeDecider, deckCodeHash } from './deck-code-decider';
import { emailKey } from './accept-deck-code';
import { live, type LinkRow } from './view-deck';

const DECK_CODE_NOT_ASKED = 'This link does not ask for a code.';

/**
 * POST /api/d/:token/codes: a fresh 6-digit code for this e-mail, recorded (as a salted hash) before it
 * is mailed; the send limit per link and e-mail is the code decider's. The answer is the same whoever
 * the address belongs to.
 */
export async function sendDeckCode(
  ctx: DeckLinksServiceContext,
  row: LinkRow,
  email: string,
  meta: CommandMeta,
): Promise<SendDeckCodeResponse> {
  live(row, meta.now);
  if (!row.verify_email) throw new DomainError(DECK_CODE_NOT_ASKED, 400, 'code_not_asked');
  const code = String(randomInt(0, 10 ** DECK_CODE_DIGITS)).padStart(DECK_CODE_DIGITS, '0');
  const salt = randomBytes(16).toString('base64url');
  const codeId = ctx.newId();
  await handleCommand(
    ctx.store,
    deckCodeStream(row.id, emailKey(email)),
    deckCodeDecider,
    {
      type: 'SendDeckCode',
      data: { linkId: row.id, userId: row.user_id, email, codeId, salt, hash: deckCodeHash(salt, code) },
    },
    meta,
  );
  const { profile } = await ctx.profile.get(row.user_id);
  await ctx.mail.send(
    'deck-viewer-code',
    {
      to: email,
      messageId: `deck-code-${codeId}`,
      data: { code, companyName: profile.companyName?.trim() || null, minutes: DECK_CODE_MINUTES },
    },
    meta,
  );
  return { sent: true, expiresInMinutes: DECK_CODE_MINUTES };
}
