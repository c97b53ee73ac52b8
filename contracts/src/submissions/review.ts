import { z } from 'zod';
import { FOUNDER_DOCUMENT_KINDS, type FounderDocumentKind } from '../profile/documents';
import { isProfileField, PROFILE_SPEC } from '../profile/fields';

// The review before sending: a dry run fills a firm's form without submitting and shows,
// for every field, question → value → source, and the questions it would ask the founder. The submission
// details show the same table for every sent run, from its recorded fields filled.

/** POST /api/submissions/review */
export const ReviewFirmRequest = z.strictObject({
  vcFirmId: z.string({ error: 'vcFirmId is required' }).trim().min(1, 'vcFirmId is required').max(200),
  /** A test firm (the sandbox catalogue) rather than a real one. */
  test: z.boolean().optional().default(false),
});
export type ReviewFirmRequest = z.input<typeof ReviewFirmRequest>;

const REVIEW_SOURCE_KINDS = [
  'profile',
  'answer',
  'default-message',
  'setting',
  'deck-link',
  'deck-file',
  'document',
  'live-view',
  'unknown',
] as const;
export type ReviewSourceKind = (typeof REVIEW_SOURCE_KINDS)[number];

export interface ReviewField {
  question: string;
  value: string;
  /** As recorded (`profile:stage`, `answer:<question>`, `setting:opt-ins`…); null on records older than sources. */
  source: string | null;
  kind: ReviewSourceKind;
  /** The source in words, for the table ("Profile: stage", "Your answer to “…”", "Default message"…). */
  sourceLabel: string;
}

interface ReviewQuestion {
  question: string;
  required: boolean;
  options: string[] | null;
}

/** A field of the form left empty, and why (a value given that the field does not accept, or none given). */
interface ReviewNotSent {
  question: string;
  reason: string;
  /** A value was given (your answer or your profile's) that this field does not accept. */
  given: boolean;
}

/** ready: everything required is filled; needs_answers: the run would ask these first; failed: the form could not be filled. */
type ReviewStatus = 'ready' | 'needs_answers' | 'failed';

export interface FormReview {
  firm: { id: string; name: string; website: string | null };
  status: ReviewStatus;
  summary: string;
  fields: ReviewField[];
  questions: ReviewQuestion[];
  /** Every other field of the form: left empty, with why. */
  notSent: ReviewNotSent[];
}

/** A recorded source in words, with its kind (the review table and the submission details use the same). */
export function describeSource(source: string | null | undefined): { kind: ReviewSourceKind; label: string } {
  const s = (source ?? '').trim();
  if (!s) return { kind: 'unknown', label: 'Not recorded' };
  if (s.startsWith('profile:')) {
    const f = s.slice(8);
    return { kind: 'profile', label: `Profile: ${isProfileField(f) ? PROFILE_SPEC[f].review : f}` };
  }
  if (s.startsWith('answer:')) return { kind: 'answer', label: `Your answer to “${s.slice(7)}”` };
  if (s.startsWith('document:')) {
    const kind = s.slice(9);
    const noun = kind in FOUNDER_DOCUMENT_KINDS ? FOUNDER_DOCUMENT_KINDS[kind as FounderDocumentKind].noun : kind;
    return { kind: 'document', label: `Your ${noun} (PDF)` };
  }
  switch (s) {
    case 'setting:default-message':
      return { kind: 'default-message', label: 'Your default message' };
    case 'setting:opt-ins':
      return { kind: 'setting', label: 'Setting: opt-ins' };
    case 'setting:accept-terms':
      return { kind: 'setting', label: 'Setting: accept terms for me' };
    case 'deck-link':
      return { kind: 'deck-link', label: 'Your deck link' };
    case 'deck-file':
      return { kind: 'deck-file', label: 'Your deck (PDF)' };
    case 'live-view':
      return { kind: 'live-view', label: 'Set by you in the live view' };
    default:
      return { kind: 'unknown', label: s };
  }
}

/** The table rows of recorded fields filled (`{ label, value, source }`), as the review and the details show them. */
export function reviewFields(
  filled: readonly { label: string; value: string; source?: string | null }[],
): ReviewField[] {
  return filled.map((f) => {
    const d = describeSource(f.source);
    return { question: f.label, value: f.value, source: f.source ?? null, kind: d.kind, sourceLabel: d.label };
  });
}
