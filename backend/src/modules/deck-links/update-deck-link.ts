import { DECK_LINK_NOT_FOUND, deckLinkStream, type DeckLinkSummary, type UpdateDeckLinkRequest } from '@fp/contracts';
import { DomainError, handleCommand, type CommandMeta } from '../../platform/decider';
import type { DeckLinksServiceContext } from './context';
import { deckLinkDecider, type SettingsChange } from './deck-link-decider';
import { listDeckLinks } from './list-deck-links';
import { hashPasscode } from './passcode';

/** Changes a link's settings (only the founder's own: another's is a 404). Turning it off keeps its history. */
export async function updateDeckLink(
  ctx: DeckLinksServiceContext,
  userId: string,
  linkId: string,
  patch: UpdateDeckLinkRequest,
  meta: CommandMeta,
): Promise<DeckLinkSummary> {
  const mine = await ctx.db
    .selectFrom('deck_links')
    .select('id')
    .where('id', '=', linkId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!mine) throw new DomainError(DECK_LINK_NOT_FOUND, 404, 'not_found');
  const { passcode, expiresAt, ...rest } = patch;
  const changes: SettingsChange = { ...rest };
  if (expiresAt !== undefined) changes.expiresAt = expiresAt === null ? null : new Date(expiresAt).toISOString();
  // A new passcode always changes the hash (a fresh salt): setting the same one again records a change, harmlessly.
  if (passcode !== undefined) changes.passcodeHash = passcode === null ? null : await hashPasscode(passcode);
  const r = await handleCommand(
    ctx.store,
    deckLinkStream(linkId),
    deckLinkDecider,
    { type: 'ChangeDeckLinkSettings', data: { linkId, userId, changes } },
    meta,
    { maxRetries: 50 },
  );
  if (r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
  const [link] = await listDeckLinks(ctx, userId, { ids: [linkId] });
  if (!link) throw new DomainError(DECK_LINK_NOT_FOUND, 404, 'not_found');
  return link;
}
