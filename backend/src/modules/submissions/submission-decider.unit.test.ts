import type { SubmissionEvent } from '@fp/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError, type CommandMeta } from '../../platform/decider';
import { given as givenHistory } from '../../testing/decider';
import type { AttemptOutcome } from '@fp/contracts';
import {
  NOT_RETRYABLE,
  NOT_RUNNING,
  STOPPED_BEFORE_START,
  submissionDecider,
  type SubmissionCommand,
} from './submission-decider';

const S = 'sub-1';
const meta: CommandMeta = { now: new Date('2025-01-01T00:00:00Z'), actor: 'user-1' };
const firm = {
  name: 'Northwind Ventures',
  location: 'Berlin, Germany',
  investorType: 'VC',
  description: 'Seed fund',
  website: 'http://127.0.0.1:3100/northwind-ventures/',
};

const state = (events: SubmissionEvent[]) => events.reduce(submissionDecider.evolve, submissionDecider.initialState());
const given = (...events: SubmissionEvent[]) => ({
  when: (command: SubmissionCommand) => {
    const w = givenHistory(submissionDecider, ...events).when(command, meta);
    return {
      then: w.then,
      thenThrows: (message: string, status: number) =>
        w.thenThrows(DomainError, message, (e) => expect(e.status).toBe(status)),
    };
  },
});

const requested: SubmissionEvent = {
  type: 'SubmissionRequested',
  data: { submissionId: S, attemptId: S, userId: 'user-1', vcFirmId: 'vc-1', test: true, firm, requestKey: null },
};
const started = (attemptId = S): SubmissionEvent => ({
  type: 'SubmissionStarted',
  data: { submissionId: S, attemptId, taskId: attemptId, engine: 'dbos' },
});
const formFilled = (attemptId = S): SubmissionEvent => ({
  type: 'SubmissionFormFilled',
  data: { submissionId: S, attemptId },
});
const outcome = (status: AttemptOutcome['status'], extra: Partial<AttemptOutcome> = {}): AttemptOutcome => ({
  status,
  summary: `run ${status}`,
  aiRecap: 'recap',
  recapSource: 'rules',
  error: status === 'failed' ? 'No application form found' : null,
  errorCode: status === 'failed' ? 'no_form' : null,
  errorKind: status === 'failed' ? 'permanent' : null,
  confirmationText: status === 'completed' ? 'Thank you' : null,
  fieldsFilled: [{ field: 'companyName', label: 'Company', value: 'Acme' }],
  screenshot: true,
  finalUrl: null,
  formSent: false,
  ...extra,
});
const base = (attemptId: string, o: AttemptOutcome) => ({
  submissionId: S,
  attemptId,
  summary: o.summary,
  aiRecap: o.aiRecap,
  recapSource: o.recapSource,
  confirmationText: o.confirmationText,
  fieldsFilled: o.fieldsFilled,
  screenshot: o.screenshot,
  finalUrl: o.finalUrl,
});
const failed = (attemptId = S): SubmissionEvent => ({
  type: 'SubmissionFailed',
  data: {
    ...base(attemptId, outcome('failed')),
    error: 'No application form found',
    errorCode: 'no_form',
    errorKind: 'permanent',
  },
});
const completed = (attemptId = S): SubmissionEvent => ({
  type: 'SubmissionCompleted',
  data: base(attemptId, outcome('completed')),
});
const stopped = (formSent: boolean, attemptId = S): SubmissionEvent => ({
  type: 'SubmissionStopped',
  data: { ...base(attemptId, outcome('stopped')), formSent },
});
const retried = (attemptId: string, attempt = 2, previousAttemptId = S): SubmissionEvent => ({
  type: 'SubmissionRetried',
  data: { submissionId: S, attemptId, previousAttemptId, attempt },
});

describe('submission decider', () => {
  it('records a request once', () => {
    given()
      .when({
        type: 'RequestSubmission',
        data: { submissionId: S, userId: 'user-1', vcFirmId: 'vc-1', test: true, firm, requestKey: null },
      })
      .then([requested]);
    given(requested)
      .when({
        type: 'RequestSubmission',
        data: { submissionId: S, userId: 'user-1', vcFirmId: 'vc-1', test: true, firm, requestKey: null },
      })
      .then([]);
  });

  it('starts a pending attempt once (a replayed start after a crash is a no-op)', () => {
    given(requested)
      .when({ type: 'StartAttempt', data: { attemptId: S, taskId: S, engine: 'dbos' } })
      .then([started()]);
    given(requested, started())
      .when({ type: 'StartAttempt', data: { attemptId: S, taskId: S, engine: 'dbos' } })
      .then([]);
  });

  it('does not start a superseded or stopped attempt', () => {
    given(requested, started(), failed(), retried('a2'))
      .when({ type: 'StartAttempt', data: { attemptId: S, taskId: S, engine: 'dbos' } })
      .then([]);
    given(
      requested,
      { type: 'SubmissionStopRequested', data: { submissionId: S, attemptId: S, requestedBy: 'user-1' } },
      stopped(false),
    )
      .when({ type: 'StartAttempt', data: { attemptId: S, taskId: S, engine: 'dbos' } })
      .then([]);
  });

  it('marks live view and form filled once, only while processing', () => {
    given(requested, started())
      .when({ type: 'OpenLiveView', data: { attemptId: S } })
      .then([{ type: 'SubmissionLiveViewOpened', data: { submissionId: S, attemptId: S } }]);
    given(requested, started(), { type: 'SubmissionLiveViewOpened', data: { submissionId: S, attemptId: S } })
      .when({ type: 'OpenLiveView', data: { attemptId: S } })
      .then([]);
    given(requested)
      .when({ type: 'MarkFormFilled', data: { attemptId: S } })
      .then([]);
    given(requested, started())
      .when({ type: 'MarkFormFilled', data: { attemptId: S } })
      .then([formFilled()]);
    given(requested, started(), formFilled())
      .when({ type: 'MarkFormFilled', data: { attemptId: S } })
      .then([]);
  });

  it('records each kind of outcome, once', () => {
    given(requested, started())
      .when({ type: 'RecordOutcome', data: { attemptId: S, outcome: outcome('completed') } })
      .then([completed()]);
    given(requested, started())
      .when({ type: 'RecordOutcome', data: { attemptId: S, outcome: outcome('failed') } })
      .then([failed()]);
    given(requested, started())
      .when({ type: 'RecordOutcome', data: { attemptId: S, outcome: outcome('stopped', { formSent: true }) } })
      .then([stopped(true)]);
    given(requested, started(), completed())
      .when({ type: 'RecordOutcome', data: { attemptId: S, outcome: outcome('failed') } })
      .then([]);
  });

  it('counts a stop after the form was recorded as filled as sent (no refund), whatever the run reports', () => {
    given(requested, started(), formFilled())
      .when({ type: 'RecordOutcome', data: { attemptId: S, outcome: outcome('stopped', { formSent: false }) } })
      .then([stopped(true)]);
    given(requested, started())
      .when({ type: 'RecordOutcome', data: { attemptId: S, outcome: outcome('stopped', { formSent: false }) } })
      .then([stopped(false)]);
  });

  it('ignores the outcome of an older attempt', () => {
    given(requested, started(), failed(), retried('a2'), started('a2'))
      .when({ type: 'RecordOutcome', data: { attemptId: S, outcome: outcome('completed') } })
      .then([]);
  });

  it('stops a pending submission at once, and asks a running one to stop', () => {
    const stopReq = {
      type: 'SubmissionStopRequested' as const,
      data: { submissionId: S, attemptId: S, requestedBy: 'user-1' },
    };
    given(requested)
      .when({ type: 'RequestStop', data: { requestedBy: 'user-1' } })
      .then([
        stopReq,
        {
          type: 'SubmissionStopped',
          data: {
            submissionId: S,
            attemptId: S,
            summary: STOPPED_BEFORE_START,
            aiRecap: STOPPED_BEFORE_START,
            confirmationText: null,
            fieldsFilled: [],
            screenshot: false,
            finalUrl: null,
            formSent: false,
          },
        },
      ]);
    given(requested, started())
      .when({ type: 'RequestStop', data: { requestedBy: 'user-1' } })
      .then([stopReq]);
    given(requested, started(), stopReq)
      .when({ type: 'RequestStop', data: { requestedBy: 'user-1' } })
      .then([]);
    given(requested, started(), completed())
      .when({ type: 'RequestStop', data: { requestedBy: 'user-1' } })
      .thenThrows(NOT_RUNNING, 409);
  });

  it('retries failed and stopped submissions as a new attempt, nothing else', () => {
    given(requested, started(), failed())
      .when({ type: 'Retry', data: { attemptId: 'a2' } })
      .then([retried('a2')]);
    given(requested, started(), stopped(false))
      .when({ type: 'Retry', data: { attemptId: 'a2' } })
      .then([retried('a2')]);
    given(requested, started(), failed(), retried('a2'), started('a2'), failed('a2'))
      .when({ type: 'Retry', data: { attemptId: 'a3' } })
      .then([retried('a3', 3, 'a2')]);
    given(requested)
      .when({ type: 'Retry', data: { attemptId: 'a2' } })
      .thenThrows(NOT_RETRYABLE, 409);
    given(requested, started())
      .when({ type: 'Retry', data: { attemptId: 'a2' } })
      .thenThrows(NOT_RETRYABLE, 409);
    given(requested, started(), completed())
      .when({ type: 'Retry', data: { attemptId: 'a2' } })
      .thenThrows(NOT_RETRYABLE, 409);
  });

  it('refunds failed attempts and attempts stopped before sending, each once', () => {
    const refund = (attemptId = S) => ({ type: 'RecordRefund' as const, data: { attemptId, reason: 'r' } });
    const refunded = (attemptId = S): SubmissionEvent => ({
      type: 'SubmissionCreditRefunded',
      data: { submissionId: S, attemptId, reason: 'r' },
    });
    given(requested, started(), failed()).when(refund()).then([refunded()]);
    given(requested, started(), failed(), refunded()).when(refund()).then([]);
    given(requested, started(), stopped(false)).when(refund()).then([refunded()]);
    given(requested, started(), stopped(true)).when(refund()).then([]);
    given(requested, started(), completed()).when(refund()).then([]);
    given(requested, started()).when(refund()).then([]);
    // A retry started before the first attempt's refund was recorded still refunds that attempt.
    given(requested, started(), failed(), retried('a2'))
      .when(refund(S))
      .then([refunded(S)]);
  });

  it('any sequence of commands keeps the status in the allowed set and never records two outcomes for one attempt', () => {
    type Tag = 'start' | 'completed' | 'failed' | 'stopped' | 'stop' | 'retry' | 'filled' | 'stale';
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<Tag>('start', 'completed', 'failed', 'stopped', 'stop', 'retry', 'filled', 'stale'), {
          maxLength: 25,
        }),
        (tags) => {
          let events: SubmissionEvent[] = [requested];
          tags.forEach((tag, i) => {
            const current = state(events).attemptId;
            const command: SubmissionCommand =
              tag === 'start'
                ? { type: 'StartAttempt', data: { attemptId: current, taskId: current, engine: 'dbos' } }
                : tag === 'stop'
                  ? { type: 'RequestStop', data: { requestedBy: 'u' } }
                  : tag === 'retry'
                    ? { type: 'Retry', data: { attemptId: `a${i}` } }
                    : tag === 'filled'
                      ? { type: 'MarkFormFilled', data: { attemptId: current } }
                      : tag === 'stale'
                        ? { type: 'RecordOutcome', data: { attemptId: S, outcome: outcome('completed') } }
                        : { type: 'RecordOutcome', data: { attemptId: current, outcome: outcome(tag) } };
            try {
              events = [...events, ...submissionDecider.decide(command, state(events), meta)];
            } catch (e) {
              if (!(e instanceof DomainError)) throw e;
            }
          });
          const outcomesPerAttempt = new Map<string, number>();
          for (const e of events) {
            if (e.type === 'SubmissionCompleted' || e.type === 'SubmissionFailed' || e.type === 'SubmissionStopped') {
              outcomesPerAttempt.set(e.data.attemptId, (outcomesPerAttempt.get(e.data.attemptId) ?? 0) + 1);
            }
          }
          expect([...outcomesPerAttempt.values()].every((n) => n === 1)).toBe(true);
          expect(['pending', 'processing', 'completed', 'failed', 'stopped']).toContain(state(events).status);
        },
      ),
    );
  });
});

describe("pausing for the founder's answers", () => {
  const questions = [
    { question: 'Why now?', required: true, options: null, draft: null },
    { question: 'Which track?', required: true, options: ['Residency', 'Direct'], draft: 'Residency' },
  ];
  const deadline = '2025-01-04T00:00:00.000Z';
  const waiting = outcome('waiting_for_input', { questions, fieldsFilled: [], screenshot: false });
  const inputRequested: SubmissionEvent = {
    type: 'SubmissionInputRequested',
    data: {
      submissionId: S,
      attemptId: S,
      userId: 'user-1',
      firmName: 'Northwind Ventures',
      phase: 0,
      questions,
      deadline,
      summary: 'run waiting_for_input',
      fieldsFilled: [],
      screenshot: false,
      finalUrl: null,
    },
  };
  const answers = [
    { question: 'Why now?', answer: 'Rules changed.' },
    { question: 'Which track?', answer: 'Direct' },
  ];
  const inputGiven: SubmissionEvent = {
    type: 'SubmissionInputGiven',
    data: { submissionId: S, attemptId: S, phase: 1, answeredBy: 'user-1', answers },
  };

  it('records the pause with its questions and deadline; the state is processing / waiting_for_input', () => {
    given(requested, started())
      .when({ type: 'RecordOutcome', data: { attemptId: S, outcome: waiting, inputDeadline: deadline } })
      .then([inputRequested]);
    const s = state([requested, started(), inputRequested]);
    expect([s.status, s.subStatus, s.waiting]).toEqual(['processing', 'waiting_for_input', true]);
    // A replayed report of the paused run changes nothing.
    given(requested, started(), inputRequested)
      .when({ type: 'RecordOutcome', data: { attemptId: S, outcome: waiting, inputDeadline: deadline } })
      .then([]);
  });

  it('takes answers to every required question, from the options for a choice, and resumes as the next phase', () => {
    given(requested, started(), inputRequested)
      .when({ type: 'AnswerQuestions', data: { answeredBy: 'user-1', answers } })
      .then([inputGiven]);
    expect(state([requested, started(), inputRequested, inputGiven])).toMatchObject({
      status: 'pending',
      subStatus: null,
      phase: 1,
      waiting: false,
    });
    given(requested, started(), inputRequested)
      .when({ type: 'AnswerQuestions', data: { answeredBy: 'user-1', answers: [answers[0]!] } })
      .thenThrows('Answer every required question: "Which track?".', 400);
    given(requested, started(), inputRequested)
      .when({
        type: 'AnswerQuestions',
        data: { answeredBy: 'user-1', answers: [answers[0]!, { question: 'Which track?', answer: 'Other' }] },
      })
      .thenThrows('Choose one of the options for "Which track?".', 400);
    given(requested, started(), inputRequested)
      .when({
        type: 'AnswerQuestions',
        data: { answeredBy: 'user-1', answers: [...answers, { question: 'Invented?', answer: 'x' }] },
      })
      .thenThrows('"Invented?" is not a question of this form.', 400);
    given(requested, started())
      .when({ type: 'AnswerQuestions', data: { answeredBy: 'user-1', answers } })
      .thenThrows('This submission is not waiting for answers.', 409);
  });

  it('a stop while paused ends it at once, as not sent (refunded)', () => {
    const produced = givenHistory(submissionDecider, requested, started(), inputRequested)
      .when({ type: 'RequestStop', data: { requestedBy: 'user-1' } }, meta)
      .produced();
    expect(produced.map((e) => e.type)).toEqual(['SubmissionStopRequested', 'SubmissionStopped']);
    const after = produced.reduce(submissionDecider.evolve, state([requested, started(), inputRequested]));
    expect(after.refundable.has(S)).toBe(true);
  });

  it('expires only after the deadline, stopped and refundable; an answered run is left alone', () => {
    const at = (iso: string): CommandMeta => ({ now: new Date(iso), actor: 'system' });
    expect(
      givenHistory(submissionDecider, requested, started(), inputRequested)
        .when({ type: 'ExpireInputWait', data: { waitHours: 72 } }, at('2025-01-03T23:59:59Z'))
        .produced(),
    ).toEqual([]);
    const expired = givenHistory(submissionDecider, requested, started(), inputRequested)
      .when({ type: 'ExpireInputWait', data: { waitHours: 72 } }, at(deadline))
      .produced();
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({
      type: 'SubmissionStopped',
      data: { formSent: false, summary: expect.stringContaining('No answers arrived within 72 hours') },
    });
    expect(
      givenHistory(submissionDecider, requested, started(), inputRequested, inputGiven)
        .when({ type: 'ExpireInputWait', data: { waitHours: 72 } }, at('2025-02-01T00:00:00Z'))
        .produced(),
    ).toEqual([]);
  });

  it('a form the firm refused by message after the click, whose questions nobody answers, is refunded (nothing reached the firm)', () => {
    const at = (iso: string): CommandMeta => ({ now: new Date(iso), actor: 'system' });
    const history = [requested, started(), formFilled(), inputRequested];
    for (const [command, when] of [
      [{ type: 'ExpireInputWait', data: { waitHours: 72 } }, at(deadline)],
      [{ type: 'RequestStop', data: { requestedBy: 'user-1' } }, meta],
    ] as const) {
      const produced = givenHistory(submissionDecider, ...history)
        .when(command, when)
        .produced();
      const after = produced.reduce(submissionDecider.evolve, state(history));
      expect(after.status).toBe('stopped');
      expect(after.refundable.has(S)).toBe(true);
    }
  });
});

describe('submission decider: taking over the live browser', () => {
  const at = (iso: string): CommandMeta => ({ now: new Date(iso), actor: 'system' });
  const deadline = '2025-01-01T00:10:00.000Z';
  const requestedAt = meta.now.toISOString();
  const takeoverRequested: SubmissionEvent = {
    type: 'SubmissionTakeoverRequested',
    data: {
      submissionId: S,
      attemptId: S,
      reason: 'captcha',
      message: 'The form is protected by a CAPTCHA.',
      deadline,
      at: requestedAt,
    },
  };
  const takeoverStarted = (iso: string): SubmissionEvent => ({
    type: 'SubmissionTakeoverStarted',
    data: { submissionId: S, attemptId: S, by: 'user-1', at: iso },
  });
  const request = {
    type: 'RequestTakeover' as const,
    data: { attemptId: S, reason: 'captcha' as const, message: 'The form is protected by a CAPTCHA.', deadline },
  };

  it('a running attempt asks for a takeover once (why, until when): sub-status waiting_for_takeover', () => {
    given(requested, started()).when(request).then([takeoverRequested]);
    expect(state([requested, started(), takeoverRequested])).toMatchObject({
      status: 'processing',
      subStatus: 'waiting_for_takeover',
      takeover: { reason: 'captcha', deadline },
    });
    given(requested, started(), takeoverRequested).when(request).then([]);
    // Not for a queued, finished or superseded attempt, nor once a stop was asked for.
    given(requested).when(request).then([]);
    given(requested, started(), failed()).when(request).then([]);
    given(requested, started(), {
      type: 'SubmissionStopRequested',
      data: { submissionId: S, attemptId: S, requestedBy: 'user-1' },
    })
      .when(request)
      .then([]);
    given(requested, started())
      .when({ ...request, data: { ...request.data, attemptId: 'old' } })
      .then([]);
  });

  it('records who started controlling the page, once; only the owner, only while paused', () => {
    given(requested, started(), takeoverRequested)
      .when({ type: 'StartTakeover', data: { attemptId: S, by: 'user-1' } })
      .then([takeoverStarted(requestedAt)]);
    given(requested, started(), takeoverRequested, takeoverStarted(requestedAt))
      .when({ type: 'StartTakeover', data: { attemptId: S, by: 'user-1' } })
      .then([]);
    given(requested, started(), takeoverRequested)
      .when({ type: 'StartTakeover', data: { attemptId: S, by: 'user-2' } })
      .thenThrows('Submission not found', 404);
    given(requested, started())
      .when({ type: 'StartTakeover', data: { attemptId: S, by: 'user-1' } })
      .thenThrows('This submission is not waiting for you in the live view.', 409);
  });

  it('Continue hands the page back (a Continue without input still records who took over)', () => {
    const handedBack: SubmissionEvent = {
      type: 'SubmissionTakeoverHandedBack',
      data: { submissionId: S, attemptId: S, by: 'user-1', at: requestedAt },
    };
    given(requested, started(), takeoverRequested, takeoverStarted(requestedAt))
      .when({ type: 'HandBack', data: { attemptId: S, by: 'user-1' } })
      .then([handedBack]);
    given(requested, started(), takeoverRequested)
      .when({ type: 'HandBack', data: { attemptId: S, by: 'user-1' } })
      .then([takeoverStarted(requestedAt), handedBack]);
    given(requested, started(), takeoverRequested, takeoverStarted(requestedAt), handedBack)
      .when({ type: 'HandBack', data: { attemptId: S, by: 'user-1' } })
      .then([]);
    given(requested, started(), takeoverRequested)
      .when({ type: 'HandBack', data: { attemptId: S, by: 'user-2' } })
      .thenThrows('Submission not found', 404);
  });

  it('the end records how, who, when and how long; the run is processing again', () => {
    const started2 = takeoverStarted('2025-01-01T00:01:00.000Z');
    const ended = givenHistory(submissionDecider, requested, started(), takeoverRequested, started2)
      .when({ type: 'EndTakeover', data: { attemptId: S, how: 'continued' } }, at('2025-01-01T00:02:30Z'))
      .produced();
    expect(ended).toEqual([
      {
        type: 'SubmissionTakeoverEnded',
        data: {
          submissionId: S,
          attemptId: S,
          how: 'continued',
          by: 'user-1',
          startedAt: '2025-01-01T00:01:00.000Z',
          endedAt: '2025-01-01T00:02:30.000Z',
          durationMs: 150_000,
        },
      },
    ]);
    expect(state([requested, started(), takeoverRequested, started2, ...ended])).toMatchObject({
      status: 'processing',
      subStatus: 'navigating',
      takeover: null,
    });
    given(requested, started())
      .when({ type: 'EndTakeover', data: { attemptId: S, how: 'expired' } })
      .then([]);
  });

  it('nobody took over: expired, then the failure is refunded as before (nothing sent)', () => {
    const expired = givenHistory(submissionDecider, requested, started(), takeoverRequested)
      .when({ type: 'EndTakeover', data: { attemptId: S, how: 'expired' } }, at(deadline))
      .produced();
    expect(expired[0]).toMatchObject({
      type: 'SubmissionTakeoverEnded',
      data: { how: 'expired', by: null, startedAt: null, durationMs: 600_000 },
    });
    const captchaFailed: SubmissionEvent = {
      type: 'SubmissionFailed',
      data: { ...base(S, outcome('failed')), error: 'CAPTCHA', errorCode: 'captcha', errorKind: 'permanent' },
    };
    const s = state([requested, started(), takeoverRequested, ...expired, captchaFailed]);
    expect([s.status, s.refundable.has(S), s.takeover]).toEqual(['failed', true, null]);
    given(requested, started(), takeoverRequested, ...expired, captchaFailed)
      .when({ type: 'RecordRefund', data: { attemptId: S, reason: 'r' } })
      .then([{ type: 'SubmissionCreditRefunded', data: { submissionId: S, attemptId: S, reason: 'r' } }]);
  });

  it('a stop while paused for a takeover is a stop before sending: refunded', () => {
    const stopRequested: SubmissionEvent = {
      type: 'SubmissionStopRequested',
      data: { submissionId: S, attemptId: S, requestedBy: 'user-1' },
    };
    given(requested, started(), takeoverRequested)
      .when({ type: 'RequestStop', data: { requestedBy: 'user-1' } })
      .then([stopRequested]);
    const s = state([requested, started(), takeoverRequested, stopRequested, stopped(false)]);
    expect([s.status, s.refundable.has(S), s.takeover]).toEqual(['stopped', true, null]);
  });
});
