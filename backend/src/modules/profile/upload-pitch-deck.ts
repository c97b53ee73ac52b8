import { pitchDeckStream } from '@fp/contracts';
import { pdfProblem } from '@fp/workflows';
import { createHash } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import { handleCommand, type CommandMeta } from '../../platform/decider';
import { ValidationError } from '../../platform/http';
import type { FileStorage } from '../../platform/storage/index';
import { deckFileKey, deleteDeckFiles, storeDeckCover } from './deck-files';
import { pitchDeckDecider } from './pitch-deck-decider';

export type DeckContext = Pick<AppContext, 'store' | 'projections' | 'newId'> & { storage: FileStorage };

/**
 * Stores a founder's pitch deck and makes it the current one. The type is judged by the bytes (a
 * PDF), never by the name. The file (and its cover) is written before the event: a crash in between
 * leaves an unreferenced file, never a deck whose bytes are missing. The replaced files are removed
 * afterwards.
 */
export async function uploadPitchDeck(
  ctx: DeckContext,
  userId: string,
  fileName: string,
  bytes: Buffer,
  meta: CommandMeta,
) {
  const problem = pdfProblem(bytes);
  if (problem)
    throw new ValidationError(
      problem === 'The file is not a PDF.' ? 'The file is not a PDF. Upload your pitch deck as a PDF.' : problem,
    );
  const deckId = meta.ids?.deckId ?? ctx.newId();
  const key = deckFileKey(userId, deckId);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await ctx.storage.put(key, bytes, { contentType: 'application/pdf' });
  // Its first page as an image for the viewer, stored with the file before the event (a cover drawn
  // later could land after a replacement removed its deck). A deck that cannot be drawn in time gets
  // none: the viewer then waits for pdf.js, and a later view tries again (readPitchDeckCover).
  await storeDeckCover(ctx.storage, key, bytes);
  const r = await handleCommand(
    ctx.store,
    pitchDeckStream(userId),
    pitchDeckDecider,
    { type: 'UploadPitchDeck', data: { userId, deckId, fileName, size: bytes.length, sha256, key } },
    meta,
    { maxRetries: 20 },
  );
  const replaced = r.events[0]?.type === 'PitchDeckUploaded' ? r.events[0].data.replacedDeckId : null;
  // The read model first: runs find the new deck there before the old file goes.
  if (r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
  if (replaced) await deleteDeckFiles(ctx.storage, userId, replaced);
}
