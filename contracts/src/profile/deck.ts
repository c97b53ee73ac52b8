import { z } from 'zod';

/** Largest pitch deck accepted (25 MB), by the API, the browser and the automation. */
export const MAX_DECK_BYTES = 25 * 1024 * 1024;

/**
 * Events of the founder's pitch deck file: stream `pitch-deck-<userId>`. One current deck; an upload
 * while one is current replaces it (`replacedDeckId`). The bytes live in file storage under `key`.
 */
type PitchDeckUploaded = {
  type: 'PitchDeckUploaded';
  data: {
    userId: string;
    deckId: string;
    fileName: string;
    size: number;
    sha256: string;
    key: string;
    replacedDeckId: string | null;
  };
};
type PitchDeckRemoved = { type: 'PitchDeckRemoved'; data: { userId: string; deckId: string } };
export type PitchDeckEvent = PitchDeckUploaded | PitchDeckRemoved;
export const PITCH_DECK_EVENT_TYPES = ['PitchDeckUploaded', 'PitchDeckRemoved'] as const;
export const pitchDeckStream = (userId: string) => `pitch-deck-${userId}`;

/** PUT /api/pitch-deck?name=FILE.pdf with the PDF as the raw body (application/pdf). */
export const UploadPitchDeckQuery = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Give the file a name')
    .max(200, 'The file name is too long (at most 200 characters)')
    .refine((n) => !/[\u0000-\u001f/\\]/.test(n), 'The file name contains characters that are not allowed'),
});

const PitchDeckSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  uploadedAt: z.string(),
});

export const PitchDeckHistoryEntry = z.object({
  deckId: z.string(),
  action: z.enum(['uploaded', 'replaced', 'removed']),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  at: z.string(),
});
export type PitchDeckHistoryEntry = z.infer<typeof PitchDeckHistoryEntry>;

/** GET /api/pitch-deck (also the answer of PUT and DELETE): the current deck and its history, newest first. */
export const PitchDeckResponse = z.object({
  current: PitchDeckSchema.nullable(),
  history: z.array(PitchDeckHistoryEntry),
});
export type PitchDeckResponse = z.infer<typeof PitchDeckResponse>;

export const DECK_NOT_FOUND = 'No pitch deck uploaded';
