// Long file: one decider for a submission's whole life (request, attempts, questions, takeover, refund);
// each command is a named function below.
import type {
  AttemptOutcome,
  FirmSnapshot,
  PendingQuestion,
  SubmissionEvent,
  SubmissionStatus,
  SubmissionSubStatus,
  TakeoverReason,
} from '@fp/contracts';
import { SUBMISSION_NOT_FOUND } from '@fp/contracts';
import { DomainError, type CommandMeta, type CommandOf, type Decider } from '../../platform/decider';

export interface SubmissionState {
  exists: boolean;
  submissionId: string;
  userId: string;
  vcFirmId: string;
  test: boolean;
  firm: FirmSnapshot | null;
  status: SubmissionStatus | null;
  subStatus: SubmissionSubStatus | null;
  /** The latest attempt: the one the engine runs and the ledger charged. */
  attemptId: string;
  attempt: number;
  liveView: boolean;
  formFilled: boolean;
  stopRequested: boolean;
  /** Attempts whose credit the ledger gave back. */
  refunded: ReadonlySet<string>;
  /** Attempts that ended in a way that is refunded (failed, or stopped before sending). */
  refundable: ReadonlySet<string>;
  /** Paused for the founder's answers (status processing, sub-status waiting_for_input); nothing was sent. */
  waiting: boolean;
  /** Pauses of the current attempt so far: the run that resumes it is this phase. */
  phase: number;
  questions: PendingQuestion[];
  inputDeadline: string | null;
  /** The browser is kept open for the founder to take over (sub-status waiting_for_takeover). */
  takeover: {
    reason: TakeoverReason;
    deadline: string;
    requestedAt: string;
    by: string | null;
    startedAt: string | null;
    handedBack: boolean;
  } | null;
}

export type SubmissionCommand =
  | {
      type: 'RequestSubmission';
      data: {
        submissionId: string;
        userId: string;
        vcFirmId: string;
        test: boolean;
        firm: FirmSnapshot;
        requestKey: string | null;
      };
    }
  | { type: 'StartAttempt'; data: { attemptId: string; taskId: string; engine: 'dbos' | 'temporal' } }
  | { type: 'OpenLiveView'; data: { attemptId: string } }
  | { type: 'MarkFormFilled'; data: { attemptId: string } }
  /** `inputDeadline`: until when a run that pauses for answers waits (the use case's clock plus INPUT_WAIT_HOURS). */
  | { type: 'RecordOutcome'; data: { attemptId: string; outcome: AttemptOutcome; inputDeadline?: string } }
  | { type: 'AnswerQuestions'; data: { answeredBy: string; answers: { question: string; answer: string }[] } }
  | { type: 'ExpireInputWait'; data: { waitHours: number } }
  | { type: 'RequestStop'; data: { requestedBy: string } }
  | { type: 'Retry'; data: { attemptId: string } }
  | { type: 'RecordRefund'; data: { attemptId: string; reason: string } }
  /** The run asks the founder to take over its browser until `deadline` (the run's clock plus TAKEOVER_MINUTES). */
  | { type: 'RequestTakeover'; data: { attemptId: string; reason: TakeoverReason; message: string; deadline: string } }
  /** The owner's input reached the page (only the first one of a pause is recorded). */
  | { type: 'StartTakeover'; data: { attemptId: string; by: string } }
  | { type: 'HandBack'; data: { attemptId: string; by: string } }
  /** The pause is over: the run continues, was stopped, or nobody took over before the deadline. */
  | { type: 'EndTakeover'; data: { attemptId: string; how: 'continued' | 'stopped' | 'expired' } };

export const NOT_RUNNING = 'This submission is not running.';
export const NOT_RETRYABLE = 'Only a failed or stopped submission can be retried.';
export const STOPPED_BEFORE_START = 'Stopped before the browser started. Nothing was sent to the firm.';
const NOT_WAITING = 'This submission is not waiting for answers.';
export const NOT_TAKING_OVER = 'This submission is not waiting for you in the live view.';
const STOPPED_WHILE_WAITING = 'Stopped while waiting for your answers. Nothing was sent to the firm.';
const missingAnswersMessage = (questions: string[]) =>
  `Answer every required question: ${questions.map((q) => `"${q}"`).join(', ')}.`;
const inputExpiredMessage = (hours: number) =>
  `No answers arrived within ${Number.isInteger(hours) ? hours : hours.toFixed(2)} hour${hours === 1 ? '' : 's'}, so the application was not sent. Nothing reached the firm and the credit is refunded.`;

const initialState = (): SubmissionState => ({
  exists: false,
  submissionId: '',
  userId: '',
  vcFirmId: '',
  test: false,
  firm: null,
  status: null,
  subStatus: null,
  attemptId: '',
  attempt: 0,
  liveView: false,
  formFilled: false,
  stopRequested: false,
  refunded: new Set(),
  refundable: new Set(),
  waiting: false,
  phase: 0,
  questions: [],
  inputDeadline: null,
  takeover: null,
});

const nothingSent = (submissionId: string, attemptId: string, summary: string) => ({
  type: 'SubmissionStopped' as const,
  data: {
    submissionId,
    attemptId,
    summary,
    aiRecap: summary,
    confirmationText: null,
    fieldsFilled: [],
    screenshot: false,
    finalUrl: null,
    formSent: false,
  },
});

const isActive = (s: SubmissionState) => s.status === 'pending' || s.status === 'processing';

/**
 * A submission's life: pending → processing → completed | failed | stopped, and back to pending on
 * retry (a new attempt). Commands about an older attempt are ignored, so a late report from a
 * superseded run never overwrites the current one; repeated reports are no-ops (the engine may
 * replay a step after a crash).
 */
export const submissionDecider: Decider<SubmissionState, SubmissionCommand, SubmissionEvent> = {
  initialState,
  evolve(state, event) {
    switch (event.type) {
      case 'SubmissionRequested': {
        const d = event.data;
        return {
          ...state,
          exists: true,
          submissionId: d.submissionId,
          userId: d.userId,
          vcFirmId: d.vcFirmId,
          test: d.test,
          firm: d.firm,
          status: 'pending',
          subStatus: null,
          attemptId: d.attemptId,
          attempt: 1,
        };
      }
      case 'SubmissionStarted':
        return { ...state, status: 'processing', subStatus: 'navigating' };
      case 'SubmissionLiveViewOpened':
        return { ...state, liveView: true };
      case 'SubmissionFormFilled':
        return { ...state, subStatus: 'form_filled', formFilled: true };
      case 'SubmissionCompleted':
        return {
          ...state,
          status: 'completed',
          subStatus: 'submitted',
          liveView: false,
          waiting: false,
          takeover: null,
        };
      case 'SubmissionFailed':
        return {
          ...state,
          status: 'failed',
          subStatus: 'error',
          liveView: false,
          waiting: false,
          takeover: null,
          refundable: new Set([...state.refundable, event.data.attemptId]),
        };
      case 'SubmissionInputRequested':
        return {
          ...state,
          status: 'processing',
          subStatus: 'waiting_for_input',
          liveView: false,
          waiting: true,
          questions: event.data.questions,
          inputDeadline: event.data.deadline,
        };
      case 'SubmissionInputGiven':
        return {
          ...state,
          status: 'pending',
          subStatus: null,
          waiting: false,
          phase: event.data.phase,
          questions: [],
          inputDeadline: null,
        };
      case 'SubmissionStopRequested':
        return { ...state, stopRequested: true };
      case 'SubmissionStopped':
        return {
          ...state,
          status: 'stopped',
          subStatus: 'stopped',
          liveView: false,
          waiting: false,
          takeover: null,
          refundable: event.data.formSent ? state.refundable : new Set([...state.refundable, event.data.attemptId]),
        };
      case 'SubmissionRetried':
        return {
          ...state,
          status: 'pending',
          subStatus: null,
          attemptId: event.data.attemptId,
          attempt: event.data.attempt,
          liveView: false,
          formFilled: false,
          stopRequested: false,
          waiting: false,
          phase: 0,
          questions: [],
          inputDeadline: null,
          takeover: null,
        };
      case 'SubmissionCreditRefunded':
        return { ...state, refunded: new Set([...state.refunded, event.data.attemptId]) };
      case 'SubmissionTakeoverRequested':
        return {
          ...state,
          subStatus: 'waiting_for_takeover',
          takeover: {
            reason: event.data.reason,
            deadline: event.data.deadline,
            requestedAt: event.data.at,
            by: null,
            startedAt: null,
            handedBack: false,
          },
        };
      case 'SubmissionTakeoverStarted':
        return state.takeover
          ? { ...state, takeover: { ...state.takeover, by: event.data.by, startedAt: event.data.at } }
          : state;
      case 'SubmissionTakeoverHandedBack':
        return state.takeover ? { ...state, takeover: { ...state.takeover, handedBack: true } } : state;
      case 'SubmissionTakeoverEnded':
        return {
          ...state,
          subStatus:
            state.status === 'processing' && state.subStatus === 'waiting_for_takeover'
              ? 'navigating'
              : state.subStatus,
          takeover: null,
        };
    }
  },
  decide(command, state, meta) {
    switch (command.type) {
      case 'RequestSubmission':
        return requestSubmission(command, state);
      case 'StartAttempt':
        return startAttempt(command, state);
      case 'OpenLiveView':
        return openLiveView(command, state);
      case 'MarkFormFilled':
        return markFormFilled(command, state);
      case 'RecordOutcome':
        return recordOutcome(command, state);
      case 'RequestStop':
        return requestStop(command, state);
      case 'Retry':
        return retry(command, state);
      case 'AnswerQuestions':
        return answerQuestions(command, state);
      case 'ExpireInputWait':
        return expireInputWait(command, state, meta);
      case 'RequestTakeover':
        return requestTakeover(command, state, meta);
      case 'StartTakeover':
        return startTakeover(command, state, meta);
      case 'HandBack':
        return handBack(command, state, meta);
      case 'EndTakeover':
        return endTakeover(command, state, meta);
      case 'RecordRefund':
        return recordRefund(command, state);
    }
  },
};

type Command<T extends SubmissionCommand['type']> = CommandOf<SubmissionCommand, T>;

function requestSubmission(command: Command<'RequestSubmission'>, state: SubmissionState): SubmissionEvent[] {
  // Same id again (a retried request): nothing new.
  if (state.exists) return [];
  const { submissionId: id, userId, vcFirmId, test, firm, requestKey } = command.data;
  return [
    {
      type: 'SubmissionRequested',
      data: { submissionId: id, attemptId: id, userId, vcFirmId, test, firm, requestKey },
    },
  ];
}

function startAttempt(command: Command<'StartAttempt'>, state: SubmissionState): SubmissionEvent[] {
  const { attemptId, taskId, engine } = command.data;
  if (!state.exists || attemptId !== state.attemptId || state.status !== 'pending') return [];
  return [{ type: 'SubmissionStarted', data: { submissionId: state.submissionId, attemptId, taskId, engine } }];
}

function openLiveView(command: Command<'OpenLiveView'>, state: SubmissionState): SubmissionEvent[] {
  if (command.data.attemptId !== state.attemptId || state.status !== 'processing' || state.liveView) return [];
  return [{ type: 'SubmissionLiveViewOpened', data: { submissionId: state.submissionId, attemptId: state.attemptId } }];
}

function markFormFilled(command: Command<'MarkFormFilled'>, state: SubmissionState): SubmissionEvent[] {
  if (command.data.attemptId !== state.attemptId || state.status !== 'processing' || state.formFilled) return [];
  return [{ type: 'SubmissionFormFilled', data: { submissionId: state.submissionId, attemptId: state.attemptId } }];
}

function recordOutcome(command: Command<'RecordOutcome'>, state: SubmissionState): SubmissionEvent[] {
  const submissionId = state.submissionId;
  const { attemptId, outcome } = command.data;
  // A paused run has no outcome to report until it runs again (a replayed step is ignored).
  if (attemptId !== state.attemptId || !isActive(state) || state.waiting) return [];
  const base = {
    submissionId,
    attemptId,
    summary: outcome.summary,
    aiRecap: outcome.aiRecap,
    recapSource: outcome.recapSource,
    confirmationText: outcome.confirmationText,
    fieldsFilled: outcome.fieldsFilled,
    ...(outcome.notSent?.length ? { notSent: outcome.notSent } : {}),
    screenshot: outcome.screenshot,
    finalUrl: outcome.finalUrl,
    ...(outcome.sentRequest ? { sentRequest: outcome.sentRequest } : {}),
    ...(outcome.pageHtml ? { pageHtml: true } : {}),
  };
  switch (outcome.status) {
    case 'completed':
      return [{ type: 'SubmissionCompleted', data: base }];
    case 'failed':
      return [
        {
          type: 'SubmissionFailed',
          data: {
            ...base,
            error: outcome.error ?? 'The application could not be completed.',
            errorCode: outcome.errorCode,
            errorKind: outcome.errorKind,
          },
        },
      ];
    case 'waiting_for_input': {
      // Paused before sending: the form was not filled to the end, so a stop or expiry later is refunded.
      const deadline = command.data.inputDeadline;
      if (!deadline) throw new Error('A pause for answers needs a deadline');
      const questions = outcome.questions ?? [];
      return [
        {
          type: 'SubmissionInputRequested',
          data: {
            submissionId,
            attemptId,
            userId: state.userId,
            firmName: state.firm?.name ?? state.vcFirmId,
            phase: state.phase,
            questions,
            deadline,
            summary: outcome.summary,
            fieldsFilled: outcome.fieldsFilled,
            screenshot: outcome.screenshot,
            finalUrl: outcome.finalUrl,
          },
        },
      ];
    }
    case 'stopped':
      // The refund rule: a stop after the form was recorded as filled (or seen sent) counts as
      // sent — the firm may have it — so it is not refunded; before that, it is.
      return [{ type: 'SubmissionStopped', data: { ...base, formSent: outcome.formSent || state.formFilled } }];
  }
  return [];
}

function requestStop(command: Command<'RequestStop'>, state: SubmissionState): SubmissionEvent[] {
  if (!isActive(state)) throw new DomainError(NOT_RUNNING, 409, 'not_running');
  const { submissionId, attemptId } = state;
  const requested = {
    type: 'SubmissionStopRequested' as const,
    data: { submissionId, attemptId, requestedBy: command.data.requestedBy },
  };
  // Nothing runs (queued, or paused for answers): it stops here and now.
  if (state.status === 'pending') return [requested, nothingSent(submissionId, attemptId, STOPPED_BEFORE_START)];
  if (state.waiting) return [requested, nothingSent(submissionId, attemptId, STOPPED_WHILE_WAITING)];
  return state.stopRequested ? [] : [requested];
}

function retry(command: Command<'Retry'>, state: SubmissionState): SubmissionEvent[] {
  if (state.status !== 'failed' && state.status !== 'stopped')
    throw new DomainError(NOT_RETRYABLE, 409, 'not_retryable');
  return [
    {
      type: 'SubmissionRetried',
      data: {
        submissionId: state.submissionId,
        attemptId: command.data.attemptId,
        previousAttemptId: state.attemptId,
        attempt: state.attempt + 1,
      },
    },
  ];
}

function answerQuestions(command: Command<'AnswerQuestions'>, state: SubmissionState): SubmissionEvent[] {
  if (!state.waiting) throw new DomainError(NOT_WAITING, 409, 'not_waiting');
  const given = command.data.answers.filter((a) => a.answer.trim());
  const missing = state.questions
    .filter((q) => q.required && !given.some((a) => a.question === q.question))
    .map((q) => q.question);
  if (missing.length) throw new DomainError(missingAnswersMessage(missing), 400, 'missing_answers');
  const unknown = given.find((a) => !state.questions.some((q) => q.question === a.question));
  if (unknown) throw new DomainError(`"${unknown.question}" is not a question of this form.`, 400, 'unknown_question');
  for (const a of given) {
    const q = state.questions.find((x) => x.question === a.question);
    if (q?.options && !q.options.includes(a.answer))
      throw new DomainError(`Choose one of the options for "${q.question}".`, 400, 'not_an_option');
  }
  return [
    {
      type: 'SubmissionInputGiven',
      data: {
        submissionId: state.submissionId,
        attemptId: state.attemptId,
        phase: state.phase + 1,
        answeredBy: command.data.answeredBy,
        answers: given,
      },
    },
  ];
}

function expireInputWait(
  command: Command<'ExpireInputWait'>,
  state: SubmissionState,
  meta: CommandMeta,
): SubmissionEvent[] {
  if (!state.waiting || !state.inputDeadline || new Date(state.inputDeadline).getTime() > meta.now.getTime()) return [];
  return [nothingSent(state.submissionId, state.attemptId, inputExpiredMessage(command.data.waitHours))];
}

function requestTakeover(
  command: Command<'RequestTakeover'>,
  state: SubmissionState,
  meta: CommandMeta,
): SubmissionEvent[] {
  const { attemptId, reason, message, deadline } = command.data;
  // Only the running attempt, once per pause; a stop already asked for wins.
  if (
    attemptId !== state.attemptId ||
    state.status !== 'processing' ||
    state.waiting ||
    state.takeover ||
    state.stopRequested
  )
    return [];
  return [
    {
      type: 'SubmissionTakeoverRequested',
      data: { submissionId: state.submissionId, attemptId, reason, message, deadline, at: meta.now.toISOString() },
    },
  ];
}

function startTakeover(
  command: Command<'StartTakeover'>,
  state: SubmissionState,
  meta: CommandMeta,
): SubmissionEvent[] {
  const { attemptId, by } = command.data;
  if (attemptId !== state.attemptId || !state.takeover) throw new DomainError(NOT_TAKING_OVER, 409, 'not_taking_over');
  if (by !== state.userId) throw new DomainError(SUBMISSION_NOT_FOUND, 404, 'not_found');
  if (state.takeover.by) return [];
  return [
    {
      type: 'SubmissionTakeoverStarted',
      data: { submissionId: state.submissionId, attemptId, by, at: meta.now.toISOString() },
    },
  ];
}

function handBack(command: Command<'HandBack'>, state: SubmissionState, meta: CommandMeta): SubmissionEvent[] {
  const submissionId = state.submissionId;
  const { attemptId, by } = command.data;
  if (attemptId !== state.attemptId || !state.takeover) throw new DomainError(NOT_TAKING_OVER, 409, 'not_taking_over');
  if (by !== state.userId) throw new DomainError(SUBMISSION_NOT_FOUND, 404, 'not_found');
  if (state.takeover.handedBack) return [];
  const events: SubmissionEvent[] = [];
  // Continue without a single input still counts as the founder's takeover.
  if (!state.takeover.by)
    events.push({
      type: 'SubmissionTakeoverStarted',
      data: { submissionId, attemptId, by, at: meta.now.toISOString() },
    });
  events.push({
    type: 'SubmissionTakeoverHandedBack',
    data: { submissionId, attemptId, by, at: meta.now.toISOString() },
  });
  return events;
}

function endTakeover(command: Command<'EndTakeover'>, state: SubmissionState, meta: CommandMeta): SubmissionEvent[] {
  const { attemptId, how } = command.data;
  if (attemptId !== state.attemptId || !state.takeover) return [];
  const t = state.takeover;
  return [
    {
      type: 'SubmissionTakeoverEnded',
      data: {
        submissionId: state.submissionId,
        attemptId,
        how,
        by: t.by,
        startedAt: t.startedAt,
        endedAt: meta.now.toISOString(),
        durationMs: Math.max(0, meta.now.getTime() - new Date(t.requestedAt).getTime()),
      },
    },
  ];
}

function recordRefund(command: Command<'RecordRefund'>, state: SubmissionState): SubmissionEvent[] {
  const { attemptId, reason } = command.data;
  if (!state.refundable.has(attemptId) || state.refunded.has(attemptId)) return [];
  return [{ type: 'SubmissionCreditRefunded', data: { submissionId: state.submissionId, attemptId, reason } }];
}
