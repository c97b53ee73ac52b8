import { z } from 'zod';
import { INVESTOR_KINDS, PIPELINE_STAGES } from './events';

export const MAX_PIPELINE_CARDS = 2_000;
/** Most investors one bulk add may carry (a page of Select All Filtered is narrowed first). */
const MAX_PIPELINE_BULK = 500;
export const PASS_REASON_REQUIRED = 'Please give a reason when moving an investor to Passed';
export const CARD_NOT_FOUND = 'Pipeline card not found';

const stage = z.enum(PIPELINE_STAGES, { error: `stage must be one of: ${PIPELINE_STAGES.join(', ')}` });
const investorKind = z.enum(INVESTOR_KINDS, { error: 'investorKind must be "vc" or "angel"' });
const investorId = z
  .string({ error: 'investorId is required' })
  .trim()
  .min(1, 'investorId is required')
  .max(100, 'investorId must be at most 100 characters');

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .max(max, `${name} must be at most ${max} characters`)
    .nullable()
    .transform((v) => (v === null || v.trim() === '' ? null : v.trim()));

const isoDay = z
  .string({ error: 'nextFollowUp must be a date written YYYY-MM-DD' })
  .nullable()
  .refine((s) => {
    if (s === null) return true;
    const d = new Date(`${s}T00:00:00Z`);
    return /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'nextFollowUp must be a date written YYYY-MM-DD');

/** POST /api/pipeline: one investor, or many with `investors` (bulk add from the databases). */
export const AddPipelineCardRequest = z.strictObject({ investorId, investorKind, stage: stage.optional() });
export const AddPipelineCardsRequest = z.strictObject({
  investors: z
    .array(z.strictObject({ investorId, investorKind }), {
      error: 'investors must be a list of { investorId, investorKind }',
    })
    .min(1, 'Please select at least one investor')
    .max(MAX_PIPELINE_BULK, `You can add at most ${MAX_PIPELINE_BULK} investors at a time`),
  stage: stage.optional(),
});
export type AddPipelineCardRequest = z.infer<typeof AddPipelineCardRequest>;
export type AddPipelineCardsRequest = z.infer<typeof AddPipelineCardsRequest>;

/** PATCH /api/pipeline/:id: any of the fields; null clears one. */
export const UpdatePipelineCardRequest = z
  .strictObject({
    stage: stage.optional(),
    notes: text('notes', 5000).optional(),
    nextFollowUp: isoDay.optional(),
    passReason: text('passReason', 500).optional(),
    introducedBy: text('introducedBy', 200).optional(),
    amount: z
      .number({ error: 'amount must be a number of US dollars' })
      .min(0, 'amount must not be negative')
      .max(1e12, 'amount is too large')
      .nullable()
      .optional(),
  })
  .refine(
    (v) => Object.values(v).some((x) => x !== undefined),
    'Nothing to change: give stage, notes, nextFollowUp, passReason, introducedBy or amount',
  );
export type UpdatePipelineCardRequest = z.infer<typeof UpdatePipelineCardRequest>;

const PipelineCardSchema = z.object({
  id: z.string(),
  investorId: z.string(),
  investorKind: investorKind,
  name: z.string(),
  stage,
  notes: z.string().nullable(),
  nextFollowUp: z.string().nullable(),
  passReason: z.string().nullable(),
  introducedBy: z.string().nullable(),
  amount: z.number().nullable(),
  submissionIds: z.array(z.string()),
  updatedAt: z.string(),
});
export type PipelineCard = z.infer<typeof PipelineCardSchema>;

/** One entry of GET /api/pipeline/:id/history. */
export const PipelineHistoryEntry = z.object({
  at: z.string(),
  /** 'added' | 'moved' | 'edited' | 'linked' | 'removed' | 'deck_visit' */
  kind: z.string(),
  summary: z.string(),
  actor: z.string().nullable(),
});
export type PipelineHistoryEntry = z.infer<typeof PipelineHistoryEntry>;

/** CSV export columns, in order (docs/pipeline.md). */
export const PIPELINE_EXPORT_COLUMNS = [
  'Name',
  'Kind',
  'Stage',
  'Amount (USD)',
  'Next follow-up',
  'Introduced by',
  'Pass reason',
  'Notes',
  'Applications',
  'Updated',
] as const;
export const pipelineExportFileName = (date: Date) => `pipeline_export_${date.toISOString().slice(0, 10)}.csv`;

/** The pipeline's routes (merged into `ApiContract`). */
export interface PipelineApi {
  pipeline: {
    GET: { response: { cards: PipelineCard[] } };
    /** Many investors answer the cards and how many were new; one investor answers its card (201 when new). */
    POST:
      | { body: z.input<typeof AddPipelineCardsRequest>; response: { cards: PipelineCard[]; added: number } }
      | { body: z.input<typeof AddPipelineCardRequest>; response: PipelineCard };
  };
  pipelineEntry: {
    PATCH: { body: z.input<typeof UpdatePipelineCardRequest>; response: PipelineCard };
    DELETE: { response: { success: true } };
  };
  pipelineEntryHistory: { GET: { response: { history: PipelineHistoryEntry[] } } };
}
