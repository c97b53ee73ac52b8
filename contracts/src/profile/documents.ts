import { z } from 'zod';

/**
 * The founder's documents besides the pitch deck, one current PDF per kind. The automation attaches
 * a document only to an upload whose question asks for that kind ("Founder CV", "Financial model");
 * any other upload is asked for, or left empty when optional.
 */
export const FOUNDER_DOCUMENT_KINDS = {
  cv: { label: 'CV / résumé', noun: 'CV', hint: 'Yours, as the founder applying' },
  financialModel: { label: 'Financial model', noun: 'financial model', hint: 'Projections or a forecast' },
  onePager: { label: 'One-pager', noun: 'one-pager', hint: 'A one-page summary of the company' },
  capTable: { label: 'Cap table', noun: 'cap table', hint: 'Who owns what' },
} as const;
export type FounderDocumentKind = keyof typeof FOUNDER_DOCUMENT_KINDS;
const KINDS = Object.keys(FOUNDER_DOCUMENT_KINDS) as [FounderDocumentKind, ...FounderDocumentKind[]];
export const FounderDocumentKind = z.enum(KINDS, {
  error: `The document kind must be one of: ${KINDS.join(', ')}`,
});

/** Stream `founder-documents-<userId>`. An upload of a kind already held replaces it (`replacedDocumentId`). */
type FounderDocumentAdded = {
  type: 'FounderDocumentAdded';
  data: {
    userId: string;
    kind: FounderDocumentKind;
    documentId: string;
    fileName: string;
    size: number;
    sha256: string;
    key: string;
    replacedDocumentId: string | null;
  };
};
type FounderDocumentRemoved = {
  type: 'FounderDocumentRemoved';
  data: { userId: string; kind: FounderDocumentKind; documentId: string };
};
export type FounderDocumentEvent = FounderDocumentAdded | FounderDocumentRemoved;
export const FOUNDER_DOCUMENT_EVENT_TYPES = ['FounderDocumentAdded', 'FounderDocumentRemoved'] as const;
export const founderDocumentsStream = (userId: string) => `founder-documents-${userId}`;

export const FOUNDER_DOCUMENT_NOT_FOUND = 'You have no document of that kind.';

/** PUT /api/documents/:kind?name=FILE.pdf with the PDF as the raw body. */
export const FounderDocumentParams = z.strictObject({ kind: FounderDocumentKind });

const FounderDocumentSchema = z.object({
  kind: FounderDocumentKind,
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  uploadedAt: z.string(),
});

/** GET /api/documents (also the answer of PUT and DELETE): the current document of each kind held. */
export const FounderDocumentsResponse = z.object({ documents: z.array(FounderDocumentSchema) });
export type FounderDocumentsResponse = z.infer<typeof FounderDocumentsResponse>;
