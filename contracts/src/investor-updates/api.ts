import { z } from 'zod';
import { recipientEmail } from '../common/email';
import { INVESTOR_KINDS, PIPELINE_STAGES } from '../pipeline/events';
import { PROFILE_LABELS, type ProfileField } from '../profile/fields';

export const UPDATE_NOT_FOUND = 'Update not found';
export const UPDATE_ALREADY_SENT = 'This update has been sent and can no longer be changed.';
export const UPDATE_NO_RECIPIENTS = 'Choose at least one recipient with an e-mail address.';
export const UPDATE_NEEDS_SENDER =
  'Add your name and company name to your profile (Settings) before sending an update.';
export const UPDATE_NOT_RECIPIENT = 'That address is not a recipient of this update.';
export const UPDATE_EMPTY = 'Write a subject and at least one section before sending.';
export const UPDATE_DECK_LINKS_OFF =
  'Some recipients have their deck link turned off. Send without a link for them, or turn their link back on.';
/** Most recipients one update goes to (one message each). */
const MAX_UPDATE_RECIPIENTS = 500;

const email = recipientEmail;
const section = (name: string) =>
  z.string({ error: `${name} must be text` }).max(10_000, `${name} must be at most 10,000 characters`);

const UpdateMetricSchema = z.strictObject({
  label: z.string({ error: 'A metric needs a label' }).trim().min(1, 'A metric needs a label').max(100),
  value: z.string({ error: 'A metric needs a value' }).trim().max(200),
  source: z.string().trim().min(1).max(100),
});
const UpdateContentSchema = z.strictObject({
  subject: z.string({ error: 'subject must be text' }).trim().max(200, 'The subject must be at most 200 characters'),
  highlights: section('highlights'),
  metrics: z.array(UpdateMetricSchema).max(20, 'At most 20 metrics'),
  asks: section('asks'),
  lowlights: section('lowlights'),
});
const UpdateRecipientsSchema = z.strictObject({
  stages: z
    .array(z.enum(PIPELINE_STAGES, { error: `stages must be among: ${PIPELINE_STAGES.join(', ')}` }))
    .max(PIPELINE_STAGES.length),
  emails: z.array(email).max(MAX_UPDATE_RECIPIENTS, `At most ${MAX_UPDATE_RECIPIENTS} addresses`),
  addresses: z
    .array(
      z.strictObject({ investorId: z.string().trim().min(1).max(100), investorKind: z.enum(INVESTOR_KINDS), email }),
    )
    .max(MAX_UPDATE_RECIPIENTS),
});

/** PATCH /api/investor-updates/:id (a draft only). */
export const EditInvestorUpdateRequest = z
  .strictObject({ content: UpdateContentSchema.optional(), recipients: UpdateRecipientsSchema.optional() })
  .refine(
    (v) => v.content !== undefined || v.recipients !== undefined,
    'Nothing to change: give content or recipients',
  );
export type EditInvestorUpdateRequest = z.infer<typeof EditInvestorUpdateRequest>;
/** POST /api/investor-updates: a new draft from the template (metrics from the profile). */
export const CreateInvestorUpdateRequest = z.strictObject({});
/** POST /api/investor-updates/:id/preview: the message one recipient would get (the first when `to` is absent). */
export const PreviewInvestorUpdateRequest = z.strictObject({ to: email.optional() });
/**
 * POST /api/investor-updates/:id/send. `withoutOffLinks`: the founder chose to send recipients whose
 * deck link is off (or deleted) the update without a link; without it such a Send is refused (409).
 */
export const SendInvestorUpdateRequest = z.strictObject({
  withoutOffLinks: z.boolean({ error: 'withoutOffLinks must be true or false' }).optional(),
});
export type SendInvestorUpdateRequest = z.infer<typeof SendInvestorUpdateRequest>;

const UPDATE_STATUSES = ['draft', 'sent'] as const;
type UpdateStatus = (typeof UPDATE_STATUSES)[number];

export interface InvestorUpdateSummary {
  id: string;
  status: UpdateStatus;
  subject: string;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  recipients: number;
  delivered: number;
  opened: number;
}

/** A pipeline investor or an address, as the update would reach them now (draft) or did (sent). */
export interface UpdateRecipientView {
  email: string;
  name: string | null;
  investorId: string | null;
  investorKind: (typeof INVESTOR_KINDS)[number] | null;
  stage: string | null;
}

export interface InvestorUpdateDetail {
  id: string;
  status: UpdateStatus;
  content: import('./events').UpdateContent;
  recipients: import('./events').UpdateRecipients;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  /** After Send: each recipient's message (its delivery state from the outbox) and their deck link's visits. */
  deliveries: {
    email: string;
    name: string | null;
    messageId: string;
    status: 'queued' | 'retrying' | 'sent' | 'failed' | 'unknown';
    sentAt: string | null;
    deckLinkId: string | null;
    /** Their deck link was off or deleted at Send: the message went without a link. */
    deckLinkOff: boolean;
    deckVisits: number;
    lastDeckVisitAt: string | null;
  }[];
  skipped: { email: string; name: string | null; reason: 'unsubscribed' }[];
}

export interface InvestorUpdatePreview {
  /** Who Send would reach now. */
  recipients: UpdateRecipientView[];
  /** Left out: unsubscribed from this founder's updates. */
  unsubscribed: UpdateRecipientView[];
  /** Pipeline investors in the chosen stages without an address yet. */
  missingEmail: UpdateRecipientView[];
  /**
   * Recipients whose deck link the founder turned off or deleted: Send makes them no new link. The
   * founder chooses: send without a link, or turn the link back on (`linkId`; a deleted one cannot be).
   */
  linkOff: (UpdateRecipientView & { linkId: string; deleted: boolean })[];
  /** Exactly what `message.to` gets (their deck link included), or null with no recipient. */
  message: { to: string; subject: string; text: string; html: string } | null;
}

/** A metric's source as the screens say it: "Exact Monthly Revenue (profile)", "Revenue range (profile)", or "You". */
export function metricSourceLabel(source: string): string {
  const m = /^profile:(\w+)( \(range\))?$/.exec(source);
  if (!m) return 'You';
  return `${PROFILE_LABELS[m[1] as ProfileField] ?? m[1]}${m[2] ? ' range' : ''} (profile)`;
}

/** The investor updates' routes (merged into `ApiContract`). */
export interface InvestorUpdatesApi {
  investorUpdates: {
    GET: { response: { updates: InvestorUpdateSummary[] } };
    POST: { body: z.input<typeof CreateInvestorUpdateRequest>; response: InvestorUpdateDetail };
  };
  investorUpdate: {
    GET: { response: InvestorUpdateDetail };
    PATCH: { body: z.input<typeof EditInvestorUpdateRequest>; response: InvestorUpdateDetail };
  };
  investorUpdatePreview: {
    POST: { body: z.input<typeof PreviewInvestorUpdateRequest>; response: InvestorUpdatePreview };
  };
  investorUpdateSend: {
    POST: {
      body: z.input<typeof SendInvestorUpdateRequest>;
      response: { alreadySent: boolean; recipients: number; skipped: number };
    };
  };
}
