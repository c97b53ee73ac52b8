// The founder's pitch deck as a file: a PDF judged by its bytes, never by its name.

import { MAX_DECK_BYTES, type FounderDocumentKind } from '@fp/contracts';

export { MAX_DECK_BYTES };

export interface DeckFile {
  fileName: string;
  bytes: Buffer;
}

/** One of the founder's other documents (a CV, a financial model…), attached only where its kind is asked for. */
export interface DocumentFile extends DeckFile {
  kind: FounderDocumentKind;
}

/** Null when `bytes` is a PDF within the size limit, else the reason to refuse it. */
export function pdfProblem(bytes: Buffer): string | null {
  if (bytes.length === 0) return 'The file is empty.';
  if (bytes.length > MAX_DECK_BYTES) return 'The deck is larger than 25 MB.';
  // A PDF starts with "%PDF-" (possibly after a little junk, within the first 1 KB) and ends with "%%EOF".
  const head = bytes.subarray(0, 1024).toString('latin1');
  const tail = bytes.subarray(Math.max(0, bytes.length - 2048)).toString('latin1');
  if (!head.includes('%PDF-') || !tail.includes('%%EOF')) return 'The file is not a PDF.';
  return null;
}
