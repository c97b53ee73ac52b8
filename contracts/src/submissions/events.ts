/**
 * Events of the submissions module. One stream per submission, `submission-<id>`: one firm, one
 * founder, one or more attempts (a retry starts a new attempt on the same submission). The first
 * attempt's id is the submission id; later attempts get fresh ids. An attempt id is what the ledger
 * charges (credit reference) and what the workflow engine runs (workflow id).
 *
 * One stream per founder and firm, `firm-application-<hash>`, holds who applies to the firm now:
 * a submission claims it (appended with the submission, with an expected revision), and releases it
 * when it fails or stops, or marks the firm applied when it completes. Two API processes submitting
 * the same firm at once race on that stream's revision: one claims, the other skips.
 *
 * A submit sent with an Idempotency-Key keeps its answer on the key's stream (`RequestAnswered`,
 * common/idempotency.ts), appended with the charge; `submit-request-<hash>` streams (with
 * `SubmitRequestAccepted`, written after the charge) are from before and no longer read.
 */

export const SUBMISSION_STATUSES = ['pending', 'processing', 'completed', 'failed', 'stopped'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
/** The second badge (spec §4). */
export const SUBMISSION_SUB_STATUSES = [
  'submitted',
  'form_filled',
  'navigating',
  'error',
  'stopped',
  'waiting_for_input',
  'waiting_for_takeover',
] as const;
export type SubmissionSubStatus = (typeof SUBMISSION_SUB_STATUSES)[number];

/** The firm as it was when the founder applied (the catalog may change later). */
export interface FirmSnapshot {
  name: string;
  location: string | null;
  investorType: string | null;
  description: string | null;
  website: string | null;
}

interface FilledFieldRecord {
  field: string;
  label: string;
  value: string;
  /** Where the value came from (`profile:…`, `answer:…`, `setting:accept-terms`, `setting:opt-ins`, `setting:default-message`…); absent on older records. */
  source?: string;
}

/** A field of the form left empty (a box left unticked, an upload of a document not held…), and why. */
interface NotSentRecord {
  question: string;
  reason: string;
  /** A value was given (the founder's answer or the profile's) that the control did not accept. */
  given: boolean;
}

/**
 * How an attempt ended, as the workflow observed it (the one outcome type of engine and decider).
 * `formSent` is an observation (the automation reached the point of sending); whether that means
 * no refund is the submission decider's rule.
 */
export type RecapSource = 'llm' | 'rules';

/** Proof: the request that sent the form, as the browser saw it on the network. */
interface SentRequestRecord {
  method: string;
  url: string;
  status: number;
}

/**
 * A required question of the form that nothing the founder gave answers. `draft`: a language
 * model's suggestion (only with LLM_URL), shown as a draft; it is never sent unless the founder
 * approves it as their answer.
 */
export interface PendingQuestion {
  question: string;
  required: boolean;
  /** The choices the form offers, or null for free text. */
  options: string[] | null;
  draft: string | null;
}

export interface AttemptOutcome {
  /** waiting_for_input: paused before sending, for the questions in `questions`. */
  status: 'completed' | 'failed' | 'stopped' | 'waiting_for_input';
  summary: string;
  aiRecap: string;
  /** Who wrote `aiRecap`: a language model, or the rule-based analysis (never labelled AI). */
  recapSource: RecapSource;
  error: string | null;
  errorCode: string | null;
  errorKind: 'transient' | 'permanent' | null;
  confirmationText: string | null;
  fieldsFilled: FilledFieldRecord[];
  /** Every other field of the form, left empty, with why (absent when none, and on older records). */
  notSent?: NotSentRecord[];
  /** A proof screenshot was stored (the image itself is kept on the side, never in a workflow's history). */
  screenshot: boolean;
  finalUrl: string | null;
  formSent: boolean;
  /** Proof: the request that sent the form (null when the form was never sent or nothing was seen). */
  sentRequest?: SentRequestRecord | null;
  /** Proof: the page's HTML at the end of the run was stored beside the screenshot. */
  pageHtml?: boolean;
  /** status waiting_for_input: what the founder must answer. */
  questions?: PendingQuestion[];
}

export type SubmissionRequested = {
  type: 'SubmissionRequested';
  data: {
    submissionId: string;
    attemptId: string;
    userId: string;
    vcFirmId: string;
    test: boolean;
    firm: FirmSnapshot;
    requestKey: string | null;
  };
};
/** The engine picked the attempt up: status processing, sub-status navigating. */
type SubmissionStarted = {
  type: 'SubmissionStarted';
  data: { submissionId: string; attemptId: string; taskId: string; engine: 'dbos' | 'temporal' };
};
/** The browser is open and its screen can be watched (liveUrl becomes available). */
type SubmissionLiveViewOpened = {
  type: 'SubmissionLiveViewOpened';
  data: { submissionId: string; attemptId: string };
};
/** Every field that could be mapped is filled; the form is about to be sent. */
type SubmissionFormFilled = { type: 'SubmissionFormFilled'; data: { submissionId: string; attemptId: string } };

interface OutcomeData {
  submissionId: string;
  attemptId: string;
  summary: string;
  aiRecap: string;
  /** Absent in events written before it existed: the rules wrote those. */
  recapSource?: RecapSource;
  confirmationText: string | null;
  fieldsFilled: FilledFieldRecord[];
  /** Every other field of the form, left empty, with why (absent when none, and in events written before it existed). */
  notSent?: NotSentRecord[];
  /** A proof screenshot was stored for this attempt. */
  screenshot: boolean;
  finalUrl: string | null;
  /** Proof (absent in events written before it existed): the request that sent the form. */
  sentRequest?: SentRequestRecord | null;
  /** Proof: the page's HTML at the end of the run was stored. */
  pageHtml?: boolean;
}
type SubmissionCompleted = { type: 'SubmissionCompleted'; data: OutcomeData };
type SubmissionFailed = {
  type: 'SubmissionFailed';
  data: OutcomeData & { error: string; errorCode: string | null; errorKind: 'transient' | 'permanent' | null };
};
type SubmissionStopRequested = {
  type: 'SubmissionStopRequested';
  data: { submissionId: string; attemptId: string; requestedBy: string };
};
/** `formSent`: the automation had reached the point of sending the form (no refund then). */
type SubmissionStopped = { type: 'SubmissionStopped'; data: OutcomeData & { formSent: boolean } };
type SubmissionRetried = {
  type: 'SubmissionRetried';
  data: { submissionId: string; attemptId: string; previousAttemptId: string; attempt: number };
};
/**
 * The run paused before sending: required questions need the founder's answers (status stays
 * processing, sub-status waiting_for_input) until `deadline`, then it ends stopped and refunded.
 * `phase` counts the pauses of an attempt (the run that resumes it is phase + 1).
 */
export type SubmissionInputRequested = {
  type: 'SubmissionInputRequested';
  data: {
    submissionId: string;
    attemptId: string;
    userId: string;
    firmName: string;
    phase: number;
    questions: PendingQuestion[];
    deadline: string;
    summary: string;
    fieldsFilled: FilledFieldRecord[];
    screenshot: boolean;
    finalUrl: string | null;
  };
};
/** The founder answered (their answers are also saved to their library): the attempt runs again from the form. */
type SubmissionInputGiven = {
  type: 'SubmissionInputGiven';
  data: {
    submissionId: string;
    attemptId: string;
    phase: number;
    answeredBy: string;
    answers: { question: string; answer: string }[];
  };
};
/**
 * Why a run asks the founder to take over its browser: a CAPTCHA, a sign-in wall, or a required
 * field the page keeps undoing when the automation sets it.
 */
export const TAKEOVER_REASONS = ['captcha', 'login_required', 'field_stuck'] as const;
export type TakeoverReason = (typeof TAKEOVER_REASONS)[number];
/** What the founder is told, in the product's words, for each reason (screens, live page, e-mail). */
export const TAKEOVER_REASON_TEXT: Record<TakeoverReason, string> = {
  captcha: 'The form is protected by a CAPTCHA',
  login_required: 'The firm asks you to sign in',
  field_stuck: 'A field of the form keeps undoing the automation',
};
/**
 * The run met a CAPTCHA or a login wall and keeps its browser open for the founder to take over in
 * the live view (sub-status waiting_for_takeover) until `deadline`; nothing was sent.
 */
export type SubmissionTakeoverRequested = {
  type: 'SubmissionTakeoverRequested';
  data: {
    submissionId: string;
    attemptId: string;
    reason: TakeoverReason;
    message: string;
    deadline: string;
    at: string;
  };
};
/** The founder's first input reached the page: they control it now. */
type SubmissionTakeoverStarted = {
  type: 'SubmissionTakeoverStarted';
  data: { submissionId: string; attemptId: string; by: string; at: string };
};
/** The founder pressed Continue: the automation has the page again. */
type SubmissionTakeoverHandedBack = {
  type: 'SubmissionTakeoverHandedBack';
  data: { submissionId: string; attemptId: string; by: string; at: string };
};
/**
 * The pause ended: continued (handed back), stopped, or expired (nobody took over in time). `by` is
 * who controlled the page (null when nobody did); `durationMs` from the request to the end.
 */
type SubmissionTakeoverEnded = {
  type: 'SubmissionTakeoverEnded';
  data: {
    submissionId: string;
    attemptId: string;
    how: 'continued' | 'stopped' | 'expired';
    by: string | null;
    startedAt: string | null;
    endedAt: string;
    durationMs: number;
  };
};
/** The attempt's credit was given back by the ledger (failed, or stopped before sending). */
type SubmissionCreditRefunded = {
  type: 'SubmissionCreditRefunded';
  data: { submissionId: string; attemptId: string; reason: string };
};

export type SubmissionEvent =
  | SubmissionRequested
  | SubmissionStarted
  | SubmissionLiveViewOpened
  | SubmissionFormFilled
  | SubmissionCompleted
  | SubmissionFailed
  | SubmissionStopRequested
  | SubmissionStopped
  | SubmissionRetried
  | SubmissionCreditRefunded
  | SubmissionInputRequested
  | SubmissionInputGiven
  | SubmissionTakeoverRequested
  | SubmissionTakeoverStarted
  | SubmissionTakeoverHandedBack
  | SubmissionTakeoverEnded;

export const SUBMISSION_EVENT_TYPES = [
  'SubmissionRequested',
  'SubmissionStarted',
  'SubmissionLiveViewOpened',
  'SubmissionFormFilled',
  'SubmissionCompleted',
  'SubmissionFailed',
  'SubmissionStopRequested',
  'SubmissionStopped',
  'SubmissionRetried',
  'SubmissionCreditRefunded',
  'SubmissionInputRequested',
  'SubmissionInputGiven',
  'SubmissionTakeoverRequested',
  'SubmissionTakeoverStarted',
  'SubmissionTakeoverHandedBack',
  'SubmissionTakeoverEnded',
] as const;

const SUBMISSION_STREAM_PREFIX = 'submission-';
export const submissionStream = (submissionId: string) => `${SUBMISSION_STREAM_PREFIX}${submissionId}`;

type FirmApplicationClaimed = {
  type: 'FirmApplicationClaimed';
  data: { userId: string; vcFirmId: string; test: boolean; submissionId: string };
};
type FirmApplicationApplied = { type: 'FirmApplicationApplied'; data: { submissionId: string } };
type FirmApplicationReleased = {
  type: 'FirmApplicationReleased';
  data: { submissionId: string; status: 'failed' | 'stopped' };
};
export type FirmApplicationEvent = FirmApplicationClaimed | FirmApplicationApplied | FirmApplicationReleased;

const FIRM_APPLICATION_STREAM_PREFIX = 'firm-application-';
/** The founder × firm stream (scope, founder and firm ids are all part of the name, so it reads plainly). */
export const firmApplicationStream = (userId: string, test: boolean, vcFirmId: string) =>
  `${FIRM_APPLICATION_STREAM_PREFIX}${test ? 'test' : 'vc'}-${userId}-${vcFirmId}`;

/** Why a selected firm was skipped, uncharged. */
export const SKIP_REASONS = [
  'already_applied',
  'in_progress',
  'not_found',
  'no_website',
  'reserved_domain',
  'unresolvable_domain',
  'no_usable_form',
  'deck_required',
  'document_required',
] as const;

export interface SkippedFirm {
  vcId: string;
  reason: (typeof SKIP_REASONS)[number];
  message: string;
}
