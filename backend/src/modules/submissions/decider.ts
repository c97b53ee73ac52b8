import type { FilledFieldRecord, FirmSnapshot, SubmissionEvent, SubmissionStatus, SubmissionSubStatus } from '@fp/contracts';
import { DomainError, type Decider } from '../../platform/decider';

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
}

/** How an attempt ended, as the workflow reports it. */
export interface AttemptOutcome {
  status: 'completed' | 'failed' | 'stopped';
  summary: string;
  aiRecap: string;
  error: string | null;
  errorCode: string | null;
  errorKind: 'transient' | 'permanent' | null;
  confirmationText: string | null;
  fieldsFilled: FilledFieldRecord[];
  screenshot: boolean;
  finalUrl: string | null;
  /** The automation reached the point of sending the form. */
  formSent: boolean;
}

export type SubmissionCommand =
  | { type: 'RequestSubmission'; data: { submissionId: string; userId: string; vcFirmId: string; test: boolean; firm: FirmSnapshot; requestKey: string | null } }
  | { type: 'StartAttempt'; data: { attemptId: string; taskId: string; engine: 'dbos' | 'temporal' } }
  | { type: 'OpenLiveView'; data: { attemptId: string } }
  | { type: 'MarkFormFilled'; data: { attemptId: string } }
  | { type: 'RecordOutcome'; data: { attemptId: string; outcome: AttemptOutcome } }
  | { type: 'RequestStop'; data: { requestedBy: string } }
  | { type: 'Retry'; data: { attemptId: string } }
  | { type: 'RecordRefund'; data: { attemptId: string; reason: string } };

export const NOT_RUNNING = 'This submission is not running.';
export const NOT_RETRYABLE = 'Only a failed or stopped submission can be retried.';
export const STOPPED_BEFORE_START = 'Stopped before the browser started. Nothing was sent to the firm.';

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
        return { ...state, exists: true, submissionId: d.submissionId, userId: d.userId, vcFirmId: d.vcFirmId, test: d.test, firm: d.firm, status: 'pending', subStatus: null, attemptId: d.attemptId, attempt: 1 };
      }
      case 'SubmissionStarted':
        return { ...state, status: 'processing', subStatus: 'navigating' };
      case 'SubmissionLiveViewOpened':
        return { ...state, liveView: true };
      case 'SubmissionFormFilled':
        return { ...state, subStatus: 'form_filled', formFilled: true };
      case 'SubmissionCompleted':
        return { ...state, status: 'completed', subStatus: 'submitted', liveView: false };
      case 'SubmissionFailed':
        return { ...state, status: 'failed', subStatus: 'error', liveView: false, refundable: new Set([...state.refundable, event.data.attemptId]) };
      case 'SubmissionStopRequested':
        return { ...state, stopRequested: true };
      case 'SubmissionStopped':
        return {
          ...state,
          status: 'stopped',
          subStatus: 'stopped',
          liveView: false,
          refundable: event.data.formSent ? state.refundable : new Set([...state.refundable, event.data.attemptId]),
        };
      case 'SubmissionRetried':
        return { ...state, status: 'pending', subStatus: null, attemptId: event.data.attemptId, attempt: event.data.attempt, liveView: false, formFilled: false, stopRequested: false };
      case 'SubmissionCreditRefunded':
        return { ...state, refunded: new Set([...state.refunded, event.data.attemptId]) };
    }
  },
  decide(command, state) {
    const submissionId = state.submissionId;
    switch (command.type) {
      case 'RequestSubmission': {
        // Same id again (a retried request): nothing new.
        if (state.exists) return [];
        const { submissionId: id, userId, vcFirmId, test, firm, requestKey } = command.data;
        return [{ type: 'SubmissionRequested', data: { submissionId: id, attemptId: id, userId, vcFirmId, test, firm, requestKey } }];
      }
      case 'StartAttempt': {
        const { attemptId, taskId, engine } = command.data;
        if (!state.exists || attemptId !== state.attemptId || state.status !== 'pending') return [];
        return [{ type: 'SubmissionStarted', data: { submissionId, attemptId, taskId, engine } }];
      }
      case 'OpenLiveView': {
        if (command.data.attemptId !== state.attemptId || state.status !== 'processing' || state.liveView) return [];
        return [{ type: 'SubmissionLiveViewOpened', data: { submissionId, attemptId: state.attemptId } }];
      }
      case 'MarkFormFilled': {
        if (command.data.attemptId !== state.attemptId || state.status !== 'processing' || state.formFilled) return [];
        return [{ type: 'SubmissionFormFilled', data: { submissionId, attemptId: state.attemptId } }];
      }
      case 'RecordOutcome': {
        const { attemptId, outcome } = command.data;
        if (attemptId !== state.attemptId || !isActive(state)) return [];
        const base = {
          submissionId,
          attemptId,
          summary: outcome.summary,
          aiRecap: outcome.aiRecap,
          confirmationText: outcome.confirmationText,
          fieldsFilled: outcome.fieldsFilled,
          screenshot: outcome.screenshot,
          finalUrl: outcome.finalUrl,
        };
        switch (outcome.status) {
          case 'completed':
            return [{ type: 'SubmissionCompleted', data: base }];
          case 'failed':
            return [{ type: 'SubmissionFailed', data: { ...base, error: outcome.error ?? 'The application could not be completed.', errorCode: outcome.errorCode, errorKind: outcome.errorKind } }];
          case 'stopped':
            return [{ type: 'SubmissionStopped', data: { ...base, formSent: outcome.formSent } }];
        }
        return [];
      }
      case 'RequestStop': {
        if (!isActive(state)) throw new DomainError(NOT_RUNNING, 409, 'not_running');
        const attemptId = state.attemptId;
        const requested = { type: 'SubmissionStopRequested' as const, data: { submissionId, attemptId, requestedBy: command.data.requestedBy } };
        // Nothing runs yet: it stops here and now.
        if (state.status === 'pending') {
          return [
            requested,
            {
              type: 'SubmissionStopped',
              data: { submissionId, attemptId, summary: STOPPED_BEFORE_START, aiRecap: STOPPED_BEFORE_START, confirmationText: null, fieldsFilled: [], screenshot: false, finalUrl: null, formSent: false },
            },
          ];
        }
        return state.stopRequested ? [] : [requested];
      }
      case 'Retry': {
        if (state.status !== 'failed' && state.status !== 'stopped') throw new DomainError(NOT_RETRYABLE, 409, 'not_retryable');
        return [{ type: 'SubmissionRetried', data: { submissionId, attemptId: command.data.attemptId, previousAttemptId: state.attemptId, attempt: state.attempt + 1 } }];
      }
      case 'RecordRefund': {
        const { attemptId, reason } = command.data;
        if (!state.refundable.has(attemptId) || state.refunded.has(attemptId)) return [];
        return [{ type: 'SubmissionCreditRefunded', data: { submissionId, attemptId, reason } }];
      }
    }
  },
};
