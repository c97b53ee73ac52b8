import { z } from 'zod';
import { SKIP_REASONS, SUBMISSION_STATUSES, SUBMISSION_SUB_STATUSES, TAKEOVER_REASONS } from './events';
import type { FormReview, ReviewFirmRequest } from './review';

// Spec §5 and §8: the pre-submit checks' messages, shared by the server and the screens.
const NO_VCS_SELECTED = 'Please select at least one VC firm to submit applications.';
const NO_TEST_VCS_SELECTED = 'No test VCs selected';
export const INCOMPLETE_PROFILE = 'Incomplete Startup Profile';
export const INCOMPLETE_PROFILE_MESSAGE = 'Complete your startup profile to unlock VC submissions.';
const TOO_MANY_TEST_VCS = 'You can submit to at most 10,000 test VCs at once.';
const TEST_SUBMIT_CAP = 10_000;
/** Select All Filtered on the full database returns at most this many ids; one submit takes no more. */
const SUBMIT_CAP = 30_000;
export const SUBMISSION_NOT_FOUND = 'Submission not found';

export const insufficientCreditsMessage = (needed: number, balance: number) =>
  `You need ${needed} credits to submit to ${needed} VC firms, but you only have ${balance} credits available.`;

const firmId = z.string().trim().min(1).max(200);

/** POST /api/submit-to-selected-vcs */
export const SubmitToSelectedVcsRequest = z.strictObject({
  vcIds: z
    .array(firmId, NO_VCS_SELECTED)
    .min(1, NO_VCS_SELECTED)
    .max(SUBMIT_CAP, `You can submit to at most ${SUBMIT_CAP.toLocaleString('en-US')} VC firms at once.`),
});
export type SubmitToSelectedVcsRequest = z.infer<typeof SubmitToSelectedVcsRequest>;

/** POST /api/submit-to-test-vcs */
export const SubmitToTestVcsRequest = z.strictObject({
  testVcIds: z.array(firmId, NO_TEST_VCS_SELECTED).min(1, NO_TEST_VCS_SELECTED).max(TEST_SUBMIT_CAP, TOO_MANY_TEST_VCS),
});
export type SubmitToTestVcsRequest = z.infer<typeof SubmitToTestVcsRequest>;

const SkippedFirmSchema = z.object({
  vcId: z.string(),
  reason: z.enum(SKIP_REASONS),
  message: z.string(),
});

/** Answer of both submit calls. Firms skipped are not charged. */
/** POST /api/submit-plan: what a submit of these firms would do now (nothing is sent or charged). */
export const SubmitPlanRequest = z.strictObject({
  vcIds: z
    .array(firmId, NO_VCS_SELECTED)
    .min(1, NO_VCS_SELECTED)
    .max(SUBMIT_CAP, `You can submit to at most ${SUBMIT_CAP.toLocaleString('en-US')} VC firms at once.`),
  /** The test firms (the sandbox) instead of the VC database. */
  test: z.boolean().optional(),
});
export type SubmitPlanRequest = z.infer<typeof SubmitPlanRequest>;

export const SubmitPlanResponse = z.object({
  /** Firms that would be applied to and charged, in the order asked. */
  apply: z.array(
    z.object({
      vcId: z.string(),
      name: z.string(),
      /** What the founder will do in the live view for this firm (a CAPTCHA, a sign-in), or null. */
      needsYou: z.string().nullable(),
    }),
  ),
  /** Firms that would be skipped, uncharged, with why. */
  skipped: z.array(SkippedFirmSchema.extend({ name: z.string().nullable() })),
  /** Exactly what the submit would charge now. */
  credits: z.number().int().min(0),
  /** The founder's balance now. */
  balance: z.number().int(),
});
export type SubmitPlanResponse = z.infer<typeof SubmitPlanResponse>;

export const SubmitResponse = z.object({
  creditsDeducted: z.number().int().min(0),
  submissionIds: z.array(z.string()),
  skipped: z.array(SkippedFirmSchema),
});
export type SubmitResponse = z.infer<typeof SubmitResponse>;

const SubmissionStatusSchema = z.enum(SUBMISSION_STATUSES);
const SubmissionSubStatusSchema = z.enum(SUBMISSION_SUB_STATUSES);

/** Tabs filter: `processing` means still running (pending or processing). */
const SUBMISSION_LIST_FILTERS = ['all', ...SUBMISSION_STATUSES] as const;

/** GET /api/submissions?limit&status */
export const ListSubmissionsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  status: z.enum(SUBMISSION_LIST_FILTERS).default('all'),
});
export type ListSubmissionsQuery = z.input<typeof ListSubmissionsQuery>;

/** One takeover of the live browser as the details dialog shows it. */
const TakeoverRecordSchema = z.object({
  reason: z.enum(TAKEOVER_REASONS),
  how: z.enum(['continued', 'stopped', 'expired']),
  by: z.string().nullable(),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string(),
  durationMs: z.number().int().min(0),
});
export type TakeoverRecord = z.infer<typeof TakeoverRecordSchema>;

/** Spec §3 Submission, plus the proof of what the automation did. */
const SubmissionSchema = z.object({
  id: z.string(),
  vcFirmId: z.string(),
  vcFirm: z.object({
    name: z.string(),
    location: z.string().nullable(),
    investorType: z.string().nullable(),
    description: z.string().nullable(),
    website: z.string().nullable(),
  }),
  status: SubmissionStatusSchema,
  submissionStatus: SubmissionSubStatusSchema.nullable(),
  summary: z.string().nullable(),
  aiRecap: z.string().nullable(),
  /** 'llm': written by a language model ("AI Analysis"); 'rules': the rule-based analysis, shown with the summary. */
  recapSource: z.enum(['llm', 'rules']).nullable(),
  error: z.string().nullable(),
  /** A page of ours showing the browser live (signed, short-lived); null when nothing is running. */
  liveUrl: z.string().nullable(),
  taskId: z.string().nullable(),
  submittedAt: z.string(),
  completedAt: z.string().nullable(),
  canStop: z.boolean(),
  canRetry: z.boolean(),
  /** The final screenshot of the latest attempt (signed, short-lived URL; owner only). */
  screenshotUrl: z.string().nullable(),
  confirmationText: z.string().nullable(),
  /** Proof: the request that sent the form (method, URL, HTTP status), as seen on the network. */
  sentRequest: z.object({ method: z.string(), url: z.string(), status: z.number().int() }).nullable(),
  /** Proof bundle (ZIP: screenshot, page HTML, proof.json) of the latest attempt; owner only, with the session. */
  proofUrl: z.string().nullable(),
  fieldsFilled: z.array(
    z.object({ field: z.string(), label: z.string(), value: z.string(), source: z.string().optional() }),
  ),
  /** Every other field of the latest attempt's form, left empty (a box left unticked, an upload not held…), and why. */
  notSent: z.array(z.object({ question: z.string(), reason: z.string(), given: z.boolean() })),
  test: z.boolean(),
  attempt: z.number().int().min(1),
  creditRefunded: z.boolean(),
  /** Paused for answers (sub-status waiting_for_input): until when it waits; null otherwise. */
  inputDeadline: z.string().nullable(),
  /** Waiting for the founder in the live view (sub-status waiting_for_takeover): why and until when; null otherwise. */
  takeover: z.object({ reason: z.enum(TAKEOVER_REASONS), message: z.string(), deadline: z.string() }).nullable(),
  /** Every takeover of the latest attempt: how it ended, who controlled the page, when, how long. */
  takeovers: z.array(TakeoverRecordSchema),
});
export type Submission = z.infer<typeof SubmissionSchema>;

export const ListSubmissionsResponse = z.object({ submissions: z.array(SubmissionSchema), total: z.number().int() });
export type ListSubmissionsResponse = z.infer<typeof ListSubmissionsResponse>;

/**
 * GET /api/submission-stats: the figures of submissions/figures.ts (processing counts queued ones too,
 * stopped runs are apart, successRate is completed / (completed + failed), null while none finished).
 */
export const SubmissionStatsResponse = z.object({
  total: z.number().int(),
  completed: z.number().int(),
  processing: z.number().int(),
  failed: z.number().int(),
  stopped: z.number().int(),
  successRate: z.number().int().nullable(),
});
export type SubmissionStatsResponse = z.infer<typeof SubmissionStatsResponse>;

/** GET /api/submission-activity?days=30 (dashboard chart): per UTC day of submitting, by current status. */
export const SubmissionActivityQuery = z.strictObject({ days: z.coerce.number().int().min(1).max(365).default(30) });
export const SubmissionActivityResponse = z.object({
  days: z.array(
    z.object({ date: z.string(), completed: z.number().int(), failed: z.number().int(), processing: z.number().int() }),
  ),
});
export type SubmissionActivityResponse = z.infer<typeof SubmissionActivityResponse>;

/** POST /api/submissions/{id}/fetch-live-url */
export const FetchLiveUrlResponse = z.object({ success: z.boolean(), liveUrl: z.string().nullable() });
export type FetchLiveUrlResponse = z.infer<typeof FetchLiveUrlResponse>;

/** POST /api/submissions/{id}/stop and /retry */
export const SubmissionActionResponse = z.object({ success: z.boolean(), submission: SubmissionSchema });
export type SubmissionActionResponse = z.infer<typeof SubmissionActionResponse>;

/** The status shown for a run waiting for the founder to take over its browser (sub-status waiting_for_takeover). */
export const NEEDS_YOU_IN_LIVE_VIEW = 'Needs you in the live view';

/**
 * POST /live/{id}/input?token=…: one input for the page while the founder controls it. Coordinates
 * are in the screencast frame's pixels (`frameWidth` × `frameHeight`, the image as shown), scaled
 * by the server to the page's viewport.
 */
const FramePoint = {
  x: z.number().min(0).max(10_000),
  y: z.number().min(0).max(10_000),
  frameWidth: z.number().min(1).max(10_000),
  frameHeight: z.number().min(1).max(10_000),
};
const TAKEOVER_KEYS = [
  'Enter',
  'Tab',
  'Backspace',
  'Delete',
  'Escape',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Space',
  'Home',
  'End',
  'PageUp',
  'PageDown',
] as const;
export const TakeoverInput = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('click'), ...FramePoint }),
  z.strictObject({ type: z.literal('type'), text: z.string().min(1).max(2000) }),
  z.strictObject({ type: z.literal('key'), key: z.enum(TAKEOVER_KEYS), shift: z.boolean().optional() }),
  z.strictObject({ type: z.literal('scroll'), ...FramePoint, deltaY: z.number().min(-10_000).max(10_000) }),
]);
export type TakeoverInput = z.infer<typeof TakeoverInput>;

/** The status shown for a run paused for the founder's answers (sub-status waiting_for_input). */
export const NEEDS_YOUR_ANSWERS = 'Needs your answers';

/** GET /api/submissions/{id}/questions: what a paused run needs, with the founder's closest saved answer and any model draft. */
export const SubmissionQuestionsResponse = z.object({
  questions: z.array(
    z.object({
      question: z.string(),
      required: z.boolean(),
      options: z.array(z.string()).nullable(),
      /** A language model's draft (LLM_URL only): shown as a draft, sent only if the founder approves it. */
      draft: z.string().nullable(),
      /** A saved answer to a similar question (below the automatic threshold): offered, not used. */
      suggestion: z.object({ question: z.string(), answer: z.string() }).nullable(),
    }),
  ),
  deadline: z.string().nullable(),
});
export type SubmissionQuestionsResponse = z.infer<typeof SubmissionQuestionsResponse>;

/** POST /api/submissions/{id}/answers: the founder's answers; saved to their library, then the run continues. */
export const AnswerQuestionsRequest = z.strictObject({
  answers: z
    .array(
      z.strictObject({
        question: z.string({ error: 'question is required' }).min(1, 'question is required').max(500),
        answer: z
          .string({ error: 'answer is required' })
          .trim()
          .min(1, 'answer is required')
          .max(10_000, 'answer must be at most 10,000 characters'),
      }),
      { error: 'answers must be a list of { question, answer }' },
    )
    .min(1, 'Give at least one answer')
    .max(50),
});
export type AnswerQuestionsRequest = z.infer<typeof AnswerQuestionsRequest>;

/** Status codes as shown (spec §3): 'form_filled' → 'Form Filled'; empty → 'Unknown'. */
export function statusLabel(code: string | null | undefined): string {
  if (!code) return 'Unknown';
  return (
    code
      .split('_')
      .filter(Boolean)
      .map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase())
      .join(' ') || 'Unknown'
  );
}

/** The submissions routes (merged into `ApiContract`); the proof bundle is a download (`apiRequestRaw`). */
export interface SubmissionsApi {
  submitToSelectedVcs: { POST: { body: z.input<typeof SubmitToSelectedVcsRequest>; response: SubmitResponse } };
  submitToTestVcs: { POST: { body: z.input<typeof SubmitToTestVcsRequest>; response: SubmitResponse } };
  submitPlan: { POST: { body: z.input<typeof SubmitPlanRequest>; response: SubmitPlanResponse } };
  submissions: { GET: { query: z.input<typeof ListSubmissionsQuery>; response: ListSubmissionsResponse } };
  submissionStats: { GET: { response: SubmissionStatsResponse } };
  submissionActivity: {
    GET: { query: z.input<typeof SubmissionActivityQuery>; response: SubmissionActivityResponse };
  };
  submissionReview: { POST: { body: ReviewFirmRequest; response: FormReview } };
  submission: { GET: { response: Submission } };
  submissionStop: { POST: { response: SubmissionActionResponse } };
  submissionRetry: { POST: { response: SubmissionActionResponse } };
  submissionQuestions: { GET: { response: SubmissionQuestionsResponse } };
  submissionAnswers: { POST: { body: z.input<typeof AnswerQuestionsRequest>; response: SubmissionActionResponse } };
  submissionFetchLiveUrl: { POST: { response: FetchLiveUrlResponse } };
}
