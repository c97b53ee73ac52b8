// What a workflow step does when the database or the network fails under it: which errors are
// worth another try, and the outcome a run gets when a step fails for good. Shared by the engines.
import { runOutcome } from './outcome';
import type { AttemptOutcome } from './port';

/** Tries of one step (begin, apply, finish) in all before it counts as failed: 0.5 s, 1 s, 2 s, 4 s, 8 s between. */
export const STEP_TRIES = 6;
export const STEP_FIRST_PAUSE_S = 0.5;
export const STEP_BACKOFF = 2;

// 40001 serialization failure, 40P01 deadlock, 55P03 lock timeout, 57014 statement timeout,
// 57P01..57P03 server shutting down / starting, 53300 too many connections, 08xxx connection lost.
const TRANSIENT_CODES = new Set(['40001', '40P01', '55P03', '57014', '57P01', '57P02', '57P03', '53300', '53400']);
const NET_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'ENOTCONN', 'EAI_AGAIN']);
const TRANSIENT_TEXT = [
  'timeout exceeded when trying to connect',
  'connection terminated',
  'connection reset',
  'database busy',
  'the server is busy',
  'could not serialize access',
  'deadlock detected',
  'too many clients',
  'the database system is starting up',
  'the database system is shutting down',
];

/** A fault that another try may not meet: pool acquire timeout, serialization failure, lost connection, busy database. */
export function isTransientStepError(err: unknown, depth = 0): boolean {
  const e = err as { code?: unknown; message?: unknown; cause?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.cause && depth < 3 && isTransientStepError(e.cause, depth + 1)) return true;
  const code = typeof e.code === 'string' ? e.code : '';
  if (TRANSIENT_CODES.has(code) || NET_CODES.has(code) || code.startsWith('08')) return true;
  const m = String(e.message ?? '').toLowerCase();
  return TRANSIENT_TEXT.some((t) => m.includes(t));
}

/**
 * The outcome of a run whose apply step failed for good (every try threw): nothing is known to have
 * reached the firm from it (a run that got as far as sending is recorded as form_filled, and the
 * decider counts that). A transient cause is tried again like a navigation timeout; another is not.
 */
export function applyStepFailed(err: unknown): AttemptOutcome {
  const transient = isTransientStepError(err);
  const error = transient
    ? 'The run could not reach its records (the database was busy or unreachable).'
    : `The run failed: ${(err as Error)?.message ?? String(err)}`;
  return runOutcome({
    status: 'failed',
    summary: `Application not submitted: ${error}`,
    error,
    errorCode: 'step_failed',
    errorKind: transient ? 'transient' : 'permanent',
  });
}

/** The outcome a recovery gives a run whose workflow ended in an error before it recorded one. */
const RECOVERED_ERROR =
  'The run stopped on an internal error before its result was recorded. Nothing is known to have reached the firm, and the credit is refunded.';
export const recoveredOutcome = (): AttemptOutcome =>
  runOutcome({
    status: 'failed',
    summary: `Application not confirmed: ${RECOVERED_ERROR}`,
    error: RECOVERED_ERROR,
    errorCode: 'step_failed',
    errorKind: 'permanent',
  });
