import {
  DECK_CODE_EXPIRED,
  DECK_CODE_MINUTES,
  DECK_CODE_REQUIRED,
  DECK_CODE_SENDS,
  DECK_CODE_TOO_MANY_SENT,
  DECK_CODE_TRIES,
  DECK_CODE_USED,
  DECK_CODE_USED_UP,
  type DeckCodeEvent,
  type DeckCodeSent,
} from '@fp/contracts';
import { createHash, timingSafeEqual } from 'node:crypto';
import { DomainError, type CommandMeta, type CommandOf, type Decider } from '../../platform/decider';

/** The salted digest a code is kept as (the code itself is never stored). */
export const deckCodeHash = (salt: string, code: string) =>
  createHash('sha256').update(`${salt}:${code}`).digest('base64url');

export interface DeckCodeState {
  /** The newest code sent (an older one stops counting once a new one is sent), with its wrong tries and use. */
  code:
    (Pick<DeckCodeSent['data'], 'codeId' | 'salt' | 'hash' | 'expiresAt'> & { tries: number; used: boolean }) | null;
  /** When codes were sent (ms), for the per-window limit. */
  sentAt: number[];
}

export type DeckCodeCommand =
  /** The use case drew the code and its salt (randomness stays out of the decider) and sends it once this is recorded. */
  | {
      type: 'SendDeckCode';
      data: { linkId: string; userId: string; email: string; codeId: string; salt: string; hash: string };
    }
  | { type: 'UseDeckCode'; data: { linkId: string; userId: string; email: string; code: string } };

const WINDOW_MS = DECK_CODE_MINUTES * 60_000;

/**
 * One-time codes of one link and one e-mail. Rules:
 * - at most DECK_CODE_SENDS codes per DECK_CODE_MINUTES (429 beyond); a new code replaces the one before;
 * - a code is good for DECK_CODE_MINUTES (then 403 "expired"), once (403 "already used"), and
 *   DECK_CODE_TRIES wrong tries (each recorded; then 429 until a new code is asked for);
 * - no code sent yet: 401 (the viewer is asked for the code);
 * - the right code in time verifies the viewer's e-mail (DeckViewerVerified) and is used up.
 */
export const deckCodeDecider: Decider<DeckCodeState, DeckCodeCommand, DeckCodeEvent> = {
  initialState: () => ({ code: null, sentAt: [] }),
  evolve(state, event) {
    switch (event.type) {
      case 'DeckCodeSent': {
        const { codeId, salt, hash, expiresAt, at } = event.data;
        const t = Date.parse(at);
        return {
          code: { codeId, salt, hash, expiresAt, tries: 0, used: false },
          // Only sends inside the window matter: older ones are dropped as new ones come.
          sentAt: [...state.sentAt.filter((s) => t - s < WINDOW_MS), t],
        };
      }
      case 'DeckCodeRejected':
        return state.code?.codeId === event.data.codeId
          ? { ...state, code: { ...state.code, tries: state.code.tries + 1 } }
          : state;
      case 'DeckViewerVerified':
        return state.code?.codeId === event.data.codeId ? { ...state, code: { ...state.code, used: true } } : state;
    }
  },
  decide(command, state, meta) {
    switch (command.type) {
      case 'SendDeckCode':
        return sendDeckCode(command, state, meta);
      case 'UseDeckCode':
        return useDeckCode(command, state, meta);
    }
  },
};

function sendDeckCode(
  cmd: CommandOf<DeckCodeCommand, 'SendDeckCode'>,
  state: DeckCodeState,
  meta: CommandMeta,
): DeckCodeEvent[] {
  const now = meta.now.getTime();
  if (state.sentAt.filter((t) => now - t < WINDOW_MS).length >= DECK_CODE_SENDS)
    throw new DomainError(DECK_CODE_TOO_MANY_SENT, 429, 'code_sends');
  return [
    {
      type: 'DeckCodeSent',
      data: {
        ...cmd.data,
        at: meta.now.toISOString(),
        expiresAt: new Date(now + WINDOW_MS).toISOString(),
      },
    },
  ];
}

function useDeckCode(
  cmd: CommandOf<DeckCodeCommand, 'UseDeckCode'>,
  state: DeckCodeState,
  meta: CommandMeta,
): DeckCodeEvent[] {
  const code = state.code;
  if (!code) throw new DomainError(DECK_CODE_REQUIRED, 401, 'code_required');
  if (code.used) throw new DomainError(DECK_CODE_USED, 403, 'code_used');
  if (Date.parse(code.expiresAt) <= meta.now.getTime()) throw new DomainError(DECK_CODE_EXPIRED, 403, 'code_expired');
  if (code.tries >= DECK_CODE_TRIES) throw new DomainError(DECK_CODE_USED_UP, 429, 'code_tries');
  const { linkId, userId, email } = cmd.data;
  const at = meta.now.toISOString();
  const given = Buffer.from(deckCodeHash(code.salt, cmd.data.code));
  const ok = given.length === code.hash.length && timingSafeEqual(given, Buffer.from(code.hash));
  // A wrong try is recorded (it counts against the code); the use case answers it as a 403.
  return [
    { type: ok ? 'DeckViewerVerified' : 'DeckCodeRejected', data: { linkId, userId, email, codeId: code.codeId, at } },
  ];
}
