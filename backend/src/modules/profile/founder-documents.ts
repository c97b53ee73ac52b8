import {
  FOUNDER_DOCUMENT_KINDS,
  founderDocumentsStream,
  iso,
  type FounderDocumentKind,
  type FounderDocumentsResponse,
} from '@fp/contracts';
import { pdfProblem } from '@fp/workflows';
import { createHash } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import { handleCommand, type CommandMeta } from '../../platform/decider';
import { ValidationError } from '../../platform/http';
import type { FileStorage } from '../../platform/storage/index';
import { founderDocumentsDecider } from './founder-documents-decider';
import type { DeckContext } from './upload-pitch-deck';

type ReadContext = Pick<AppContext, 'db'> & { storage: FileStorage };

const documentKey = (userId: string, documentId: string) => `documents/${userId}/${documentId}.pdf`;

/**
 * Stores a document of a kind (a CV, a financial model…) as the founder's current one of that kind.
 * Judged by its bytes (a PDF), like the deck; the file is written before the event, the replaced one
 * removed after the read model has the new one.
 */
export async function addFounderDocument(
  ctx: DeckContext,
  userId: string,
  kind: FounderDocumentKind,
  fileName: string,
  bytes: Buffer,
  meta: CommandMeta,
) {
  const problem = pdfProblem(bytes);
  if (problem) {
    throw new ValidationError(
      problem === 'The file is not a PDF.'
        ? `The file is not a PDF. Upload your ${FOUNDER_DOCUMENT_KINDS[kind].noun} as a PDF.`
        : problem.replace('The deck', 'The document'),
    );
  }
  const documentId = meta.ids?.documentId ?? ctx.newId();
  const key = documentKey(userId, documentId);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await ctx.storage.put(key, bytes, { contentType: 'application/pdf' });
  const r = await handleCommand(
    ctx.store,
    founderDocumentsStream(userId),
    founderDocumentsDecider,
    { type: 'AddDocument', data: { userId, kind, documentId, fileName, size: bytes.length, sha256, key } },
    meta,
    { maxRetries: 20 },
  );
  const replaced = r.events[0]?.type === 'FounderDocumentAdded' ? r.events[0].data.replacedDocumentId : null;
  if (r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
  if (replaced) await ctx.storage.delete(documentKey(userId, replaced)).catch(() => undefined);
}

/** Removes the founder's document of a kind (404 when none): the event first, then its file. */
export async function removeFounderDocument(
  ctx: DeckContext,
  userId: string,
  kind: FounderDocumentKind,
  meta: CommandMeta,
) {
  const r = await handleCommand(
    ctx.store,
    founderDocumentsStream(userId),
    founderDocumentsDecider,
    { type: 'RemoveDocument', data: { userId, kind } },
    meta,
    { maxRetries: 20 },
  );
  const removed = r.events[0]?.type === 'FounderDocumentRemoved' ? r.events[0].data.documentId : null;
  if (r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
  if (removed) await ctx.storage.delete(documentKey(userId, removed)).catch(() => undefined);
}

async function rows(ctx: ReadContext, userId: string) {
  return ctx.db.selectFrom('founder_documents').selectAll().where('user_id', '=', userId).execute();
}

/** The founder's documents, in the order the kinds are declared (Settings). */
export async function listFounderDocuments(ctx: ReadContext, userId: string): Promise<FounderDocumentsResponse> {
  const order = Object.keys(FOUNDER_DOCUMENT_KINDS);
  const held = await rows(ctx, userId);
  return {
    documents: held
      .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind))
      .map((r) => ({
        kind: r.kind as FounderDocumentKind,
        fileName: r.file_name,
        size: Number(r.size),
        sha256: r.sha256,
        uploadedAt: iso(r.uploaded_at),
      })),
  };
}

/**
 * The founder's documents with their bytes: what the automation may attach (each only where its kind is
 * asked for), and the owner's download. A file replaced in between is skipped, never another's.
 */
export async function readFounderDocumentFiles(
  ctx: ReadContext,
  userId: string,
  only?: FounderDocumentKind,
): Promise<{ kind: FounderDocumentKind; fileName: string; bytes: Buffer }[]> {
  const held = (await rows(ctx, userId)).filter((r) => !only || r.kind === only);
  const files = await Promise.all(
    held.map(async (r) => {
      const bytes = await ctx.storage.get(r.storage_key);
      return bytes ? { kind: r.kind as FounderDocumentKind, fileName: r.file_name as string, bytes } : null;
    }),
  );
  return files.filter((f) => f !== null);
}
