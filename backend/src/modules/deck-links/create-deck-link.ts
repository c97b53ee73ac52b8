import {
  DECK_LINK_DEFAULTS,
  DECK_NEEDS_DECK,
  deckLinkPath,
  deckLinkStream,
  type CreateDeckLinkRequest,
  type CreateDeckLinkResponse,
} from '@fp/contracts';
import { randomBytes } from 'node:crypto';
import { DomainError, handleCommand, type CommandMeta } from '../../platform/decider';
import type { DeckLinksServiceContext } from './context';
import { deckLinkDecider } from './deck-link-decider';
import { hashPasscode } from './passcode';

export const deckLinkUrl = (ctx: Pick<DeckLinksServiceContext, 'config'>, token: string) =>
  `${ctx.config.publicUrl}${deckLinkPath(token)}`;

/**
 * A tracked link to the founder's current deck. By hand (source founder) or for an application
 * (source application, with the submission's id as a stable link id so a retry makes no second link).
 * Refused while the founder has no deck to share.
 */
export async function createDeckLink(
  ctx: DeckLinksServiceContext,
  userId: string,
  req: CreateDeckLinkRequest,
  meta: CommandMeta,
  opts: {
    linkId?: string;
    source?: 'founder' | 'application' | 'update';
    submissionId?: string | null;
    /** A data room's link (the room is checked to be the founder's by the caller): no deck needed. */
    roomId?: string;
  } = {},
): Promise<CreateDeckLinkResponse> {
  if (!opts.roomId) {
    const deck = await ctx.profile.pitchDeck(userId);
    if (!deck.current) throw new DomainError(DECK_NEEDS_DECK, 409, 'no_deck');
  }
  const linkId = opts.linkId ?? ctx.newId();
  const settings = {
    ...DECK_LINK_DEFAULTS,
    requireEmail: req.requireEmail ?? DECK_LINK_DEFAULTS.requireEmail,
    allowDownload: req.allowDownload ?? DECK_LINK_DEFAULTS.allowDownload,
    expiresAt: req.expiresAt ? new Date(req.expiresAt).toISOString() : null,
    passcodeHash: req.passcode ? await hashPasscode(req.passcode) : null,
    watermark: req.watermark ?? DECK_LINK_DEFAULTS.watermark,
    verifyEmail: req.verifyEmail ?? false,
  };
  const r = await handleCommand(
    ctx.store,
    deckLinkStream(linkId),
    deckLinkDecider,
    {
      type: 'CreateDeckLink',
      data: {
        linkId,
        userId,
        token: randomBytes(32).toString('base64url'),
        investorId: req.investorId ?? null,
        investorKind: req.investorKind ?? null,
        email: req.email ?? null,
        name: req.name ?? null,
        settings,
        source: opts.source ?? 'founder',
        submissionId: opts.submissionId ?? null,
        ...(opts.roomId ? { roomId: opts.roomId } : {}),
      },
    },
    meta,
  );
  if (r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
  return { id: linkId, url: deckLinkUrl(ctx, r.state.link!.token) };
}
