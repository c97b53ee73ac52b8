import { iso } from '@fp/contracts';
import type { PitchDeckResponse } from '@fp/contracts';
import type { AppContext } from '../../platform/context';
import type { FileStorage } from '../../platform/storage/index';
import { coverKey, storeDeckCover } from './deck-files';

type ReadContext = Pick<AppContext, 'db'> & { storage: FileStorage };

async function currentRow(ctx: ReadContext, userId: string) {
  return ctx.db
    .selectFrom('pitch_decks')
    .selectAll()
    .where('user_id', '=', userId)
    .where('removed', '=', false)
    .executeTakeFirst();
}

/** The founder's current deck and its history, newest first (read model). */
export async function getPitchDeck(ctx: ReadContext, userId: string): Promise<PitchDeckResponse> {
  const [row, history] = await Promise.all([
    currentRow(ctx, userId),
    ctx.db
      .selectFrom('pitch_deck_history')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('stream_position', 'desc')
      .orderBy('action', 'asc')
      .limit(100)
      .execute(),
  ]);
  return {
    current: row
      ? {
          id: row.deck_id,
          fileName: row.file_name,
          size: Number(row.size),
          sha256: row.sha256,
          uploadedAt: iso(row.uploaded_at),
        }
      : null,
    history: history.map((h) => ({
      deckId: h.deck_id,
      action: h.action,
      fileName: h.file_name,
      size: Number(h.size),
      sha256: h.sha256,
      at: iso(h.at),
    })),
  };
}

/** The current deck's file (name, bytes, sha256), or null: what the automation attaches, and the owner's download. */
export async function readPitchDeckFile(
  ctx: ReadContext,
  userId: string,
): Promise<{ fileName: string; bytes: Buffer; sha256: string } | null> {
  // A replacement deletes the old file after its event: a read caught in between reads the row again.
  for (let tries = 0; tries < 3; tries++) {
    const row = await currentRow(ctx, userId);
    if (!row) return null;
    const bytes = await ctx.storage.get(row.storage_key);
    if (bytes) return { fileName: row.file_name, bytes, sha256: row.sha256 };
  }
  return null;
}

/**
 * The current deck's first page as an image (deck-cover.ts), drawn now when the deck has none yet
 * (a deck uploaded before covers existed, or a draw that failed at upload); null when there is no
 * deck or it cannot be drawn.
 */
export async function readPitchDeckCover(ctx: ReadContext, userId: string): Promise<Buffer | null> {
  const row = await currentRow(ctx, userId);
  if (!row) return null;
  const stored = await ctx.storage.get(coverKey(row.storage_key));
  if (stored) return stored;
  const bytes = await ctx.storage.get(row.storage_key);
  return bytes ? storeDeckCover(ctx.storage, row.storage_key, bytes) : null;
}
