import { z } from 'zod';
import { ROLES } from '../accounts/events';
import { SUBMISSION_STATUSES, type SubmissionStatus } from '../submissions/events';
import { MAIL_STATUSES, type MailStatus } from '../mail/api';
import type { LedgerLine } from '../credits/api';
import type { AuditProblem } from './events';
import type { SystemSnapshot } from './system';
import type { SubmissionActionResponse } from '../submissions/api';

const OPS_USERS_PAGE_SIZE = 25;

/** GET /api/ops/users */
export const OpsUsersQuery = z.strictObject({
  q: z.string().trim().max(320).optional().default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(OPS_USERS_PAGE_SIZE),
});

export interface OpsUser {
  id: string;
  email: string;
  name: string | null;
  roles: string[];
  balance: number;
  submissions: number;
  registeredAt: string;
  lastSignInAt: string | null;
  disabled: { at: string; reason: string | null; by: string | null } | null;
}
export interface OpsUsersResponse {
  users: OpsUser[];
  total: number;
  page: number;
  limit: number;
}

/** POST /api/ops/users/:id/credits */
export const OpsGrantCreditsRequest = z.strictObject({
  amount: z
    .number({ error: 'Enter a whole number of credits' })
    .int('Enter a whole number of credits')
    .min(1, 'Enter at least 1 credit')
    .max(100_000, 'At most 100,000 credits at once'),
  reason: z.string().trim().min(1, 'Give a reason for the grant').max(500),
});
/** POST /api/ops/users/:id/roles */
export const OpsRoleRequest = z.strictObject({
  role: z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(', ')}` }),
});
export const OpsRoleParam = z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(', ')}` });
/** POST /api/ops/users/:id/disable */
export const OpsDisableRequest = z.strictObject({
  reason: z.string().trim().min(1, 'Give a reason for disabling the account').max(500),
});

/** GET /api/ops/ledger?email= (or ?userId=) */
export const OpsLedgerQuery = z
  .strictObject({ email: z.string().trim().max(320).optional(), userId: z.string().trim().max(200).optional() })
  .refine((q) => Boolean(q.email || q.userId), { message: 'Enter an e-mail address or a user id' });
export interface OpsLedgerResponse {
  user: { id: string; email: string | null };
  balance: number;
  /** The read model's balance, to compare with the replayed one. */
  readModelBalance: number;
  lines: LedgerLine[];
}

/** A refund the ledger has not taken yet (GET /api/ops/refunds): retried in the background, then by an operator. */
export interface OpsPendingRefund {
  user: { id: string; email: string | null };
  reference: string;
  reason: string;
  /** Credits the refund gives back (what the reference was charged); null when the ledger has no open charge for it. */
  credits: number | null;
  status: 'pending' | 'landed';
  /** Automatic and operator tries after the first failure. */
  attempts: number;
  lastError: string;
  /** When the background retry tries again; null once its tries are used up (an operator's turn). */
  nextAttemptAt: string | null;
  createdAt: string;
  landedAt: string | null;
}
export interface OpsPendingRefundsResponse {
  pending: OpsPendingRefund[];
  /** Landed in the last 7 days, newest first (at most 20). */
  recentlyLanded: OpsPendingRefund[];
}
/** POST /api/ops/refunds/retry */
export const OpsRetryRefundRequest = z.strictObject({
  userId: z.string().trim().min(1).max(200),
  reference: z.string().trim().min(1).max(300),
});
export interface OpsRetryRefundResponse {
  landed: boolean;
  refund: OpsPendingRefund;
}

const AUDIT_RUN_STATUSES = ['running', 'done', 'failed'] as const;
type AuditRunStatus = (typeof AUDIT_RUN_STATUSES)[number];
export interface AuditRun {
  id: string;
  requestedBy: { id: string; email: string | null };
  requestedAt: string;
  status: AuditRunStatus;
  finishedAt: string | null;
  /** Events read so far and in all (null total: not known up front); only while running. */
  progress: { done: number; total: number | null } | null;
  ok: boolean | null;
  streams: number | null;
  events: number | null;
  problems: number | null;
  ms: number | null;
  error: string | null;
}
export interface AuditRunDetail extends AuditRun {
  findings: (AuditProblem & { email: string | null })[];
  findingsOmitted: number;
}
export const AuditRunsQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(20) });

export interface OpsSummary {
  submissions: { queued: number; running: number; failed: number };
  lastAudit: AuditRun | null;
  mail: { queued: number; retrying: number; failed: number };
  users: { total: number; disabled: number };
  /** Investor data freshness: real sources (not demo) and the registry of application forms. */
  data: {
    /** Records from real sources, and when the newest import of one ran (null: none yet). */
    realRecords: number;
    lastImportAt: string | null;
    /** The catalog still holds generated demo records. */
    demo: boolean;
    /** Active VC firms whose form was never checked, or not for the registry's stale days. */
    formsStale: number;
    formsStaleDays: number;
    /** A discovery run is going. */
    formsRunning: boolean;
  };
}

/**
 * What the workflow console lists: submission runs (the applications, on DBOS or Temporal), the
 * mail delivery job's messages (each message is a run of the job, tried again on failure) and the
 * form-discovery runs of the registry of application forms (on the same engine as submissions).
 */
const WORKFLOW_KINDS = ['submission', 'mail', 'discovery'] as const;
export type WorkflowKind = (typeof WORKFLOW_KINDS)[number];
/** A form-discovery run (the registry of application forms) goes on until it has checked its firms. */
const DISCOVERY_STATUSES = ['running', 'finished'] as const;
export type DiscoveryStatus = (typeof DISCOVERY_STATUSES)[number];
export const WORKFLOW_STATUSES: Record<WorkflowKind, readonly string[]> = {
  submission: SUBMISSION_STATUSES,
  mail: MAIL_STATUSES,
  discovery: DISCOVERY_STATUSES,
};
const WorkflowKindParam = z
  .enum(WORKFLOW_KINDS, { error: `Kind must be one of: ${WORKFLOW_KINDS.join(', ')}` })
  .default('submission');

/** GET /api/ops/workflows: runs of one kind over every founder, newest first, a page at a time (keyset). */
export const OpsWorkflowsQuery = z
  .strictObject({
    kind: WorkflowKindParam,
    status: z.string().max(40).optional(),
    user: z.string().trim().max(320).optional(),
    from: z.iso.datetime({ offset: true, error: 'from must be a date and time' }).optional(),
    to: z.iso.datetime({ offset: true, error: 'to must be a date and time' }).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .superRefine((q, c) => {
    const allowed = WORKFLOW_STATUSES[q.kind];
    if (q.status !== undefined && !allowed.includes(q.status))
      c.addIssue({ code: 'custom', path: ['status'], message: `Status must be one of: ${allowed.join(', ')}` });
  });
export type OpsWorkflowsQuery = z.input<typeof OpsWorkflowsQuery>;

export interface OpsWorkflowRun {
  id: string;
  kind: WorkflowKind;
  userId: string | null;
  email: string | null;
  /** The firm applied to (submissions). */
  firm: string | null;
  /** The message's subject (mail), what a discovery run covers (discovery). */
  subject: string | null;
  test: boolean;
  status: SubmissionStatus | MailStatus | DiscoveryStatus;
  /** The run's current step (navigating, form filled, submitted, error, stopped; for mail the last error). */
  step: string | null;
  attempt: number;
  engine: string | null;
  submittedAt: string;
  startedAt: string | null;
  endedAt: string | null;
  error: string | null;
  canStop: boolean;
  canRetry: boolean;
}
export interface OpsWorkflowsResponse {
  runs: OpsWorkflowRun[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  counts: { queued: number; running: number; failed: number };
}

/** GET /api/ops/workflows/:id?kind= : one run with its history. */
export const OpsWorkflowDetailQuery = z.strictObject({ kind: WorkflowKindParam });

/** One thing that happened to a run, from its own event stream. */
export interface OpsWorkflowEvent {
  at: string;
  what: string;
  detail: string | null;
  /** Who caused it (an e-mail when the actor is a user), null for the system. */
  actor: string | null;
}
/** One step as the engine recorded it: try 2 of a step is its retry. */
interface OpsWorkflowStep {
  name: string;
  try: number;
  startedAt: string | null;
  endedAt: string | null;
  error: string | null;
}
/** One attempt of the run on the engine that ran it. */
export interface OpsWorkflowAttempt {
  attempt: number;
  attemptId: string;
  engine: string | null;
  /** The engine's id of the run (DBOS workflow id, Temporal workflow id). */
  runId: string | null;
  /** The engine's own status of the run, in its words. */
  engineStatus: string | null;
  /** The run in the engine's UI (Temporal), when there is one. */
  url: string | null;
  steps: OpsWorkflowStep[];
  /** Why steps are missing (not dispatched yet, another engine, the engine could not be read). */
  note: string | null;
}
export interface OpsWorkflowDetail {
  run: OpsWorkflowRun;
  events: OpsWorkflowEvent[];
  attempts: OpsWorkflowAttempt[];
}

/** An operator's action on one user: whether it changed anything, and the user as now listed. */
type OpsUserActionAnswer = { changed: boolean; user: OpsUser };

/** The ops routes (merged into `ApiContract`); an audit run's CSV is a download (`apiRequestRaw`). */
export interface OpsApi {
  opsSystem: { GET: { response: SystemSnapshot } };
  opsSummary: { GET: { response: OpsSummary } };
  opsUsers: { GET: { query: z.input<typeof OpsUsersQuery>; response: OpsUsersResponse } };
  opsUserCredits: {
    POST: { body: z.input<typeof OpsGrantCreditsRequest>; response: { balance: number; user: OpsUser } };
  };
  opsUserRoles: { POST: { body: z.input<typeof OpsRoleRequest>; response: OpsUserActionAnswer } };
  opsUserRole: { DELETE: { response: OpsUserActionAnswer } };
  opsUserDisable: { POST: { body: z.input<typeof OpsDisableRequest>; response: OpsUserActionAnswer } };
  opsUserEnable: { POST: { response: OpsUserActionAnswer } };
  opsWorkflows: { GET: { query: OpsWorkflowsQuery; response: OpsWorkflowsResponse } };
  opsWorkflow: { GET: { query: z.input<typeof OpsWorkflowDetailQuery>; response: OpsWorkflowDetail } };
  /** The founder's own Stop and Retry, run by the server for the owner. */
  opsWorkflowStop: { POST: { response: SubmissionActionResponse } };
  opsWorkflowRetry: { POST: { response: SubmissionActionResponse } };
  opsLedger: { GET: { query: z.input<typeof OpsLedgerQuery>; response: OpsLedgerResponse } };
  opsRefunds: { GET: { response: OpsPendingRefundsResponse } };
  opsRefundRetry: { POST: { body: z.input<typeof OpsRetryRefundRequest>; response: OpsRetryRefundResponse } };
  opsAudits: {
    GET: { query: z.input<typeof AuditRunsQuery>; response: { runs: AuditRun[] } };
    /** 202 with the run just requested. */
    POST: { response: { run: AuditRunDetail | null } };
  };
  opsAudit: { GET: { response: { run: AuditRunDetail } } };
}
