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

/** The kinds of document a form's upload asks for, by the words of its question (first match wins; the deck last). */
const DOCUMENT_KINDS_ASKED: readonly { kind: FounderDocumentKind | 'pitchDeck' | 'video'; re: RegExp }[] = [
  { kind: 'video', re: /\bvideo\b|\brecording\b|\bloom\b/ },
  { kind: 'capTable', re: /\bcap(itali[sz]ation)? table\b/ },
  { kind: 'financialModel', re: /\bfinancial (model|projections?|forecasts?)\b/ },
  { kind: 'onePager', re: /\bone ?pager\b|\bone page (company )?summary\b/ },
  { kind: 'cv', re: /\bcvs?\b|\br[eé]sum[eé]s?\b|\bcurriculum vitae\b/ },
  { kind: 'pitchDeck', re: /\bdeck\b|\bpresentation\b|\bslides\b|\bslide deck\b/ },
];

/** Whose document the question asks for, when not the founder's own ("Co-founder CV", "Team CVs"). */
const SOMEONE_ELSE = /\bco ?founders?\b|\bteam\b|\ball founders\b|\bfounders\b|\beach\b|\bmembers?\b/;

/**
 * The kind of document an upload question asks for ('pitchDeck', a founder document kind, 'video'), or
 * null when it names none the founder can hold: the automation attaches by it, the submit plan skips by it.
 */
export function documentKindAsked(question: string): string | null {
  const q = question
    .toLowerCase()
    .replace(/[-–—]/g, ' ')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ');
  const hit = DOCUMENT_KINDS_ASKED.find((k) => k.re.test(q));
  if (!hit) return null;
  if (hit.kind === 'cv' && SOMEONE_ELSE.test(q) && !/\blead founder\b/.test(q)) return null;
  if (/\bexecutive summary\b|\bbusiness plan\b/.test(q)) return null;
  return hit.kind;
}

/** A kind of document in words ("financial model"), as the founder's Settings name it. */
export function documentNoun(kind: string): string {
  if (kind === 'pitchDeck') return 'pitch deck';
  return kind in FOUNDER_DOCUMENT_KINDS ? FOUNDER_DOCUMENT_KINDS[kind as FounderDocumentKind].noun : kind;
}

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
