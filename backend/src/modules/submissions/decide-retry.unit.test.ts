import type { FirmApplicationEvent, SubmissionEvent } from '@fp/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/decider';
import { DEFAULT_META } from '../../testing/decider';
import { firmApplicationDecider } from './firm-application-decider';
import { NOT_RETRYABLE, submissionDecider } from './submission-decider';
import { decideRetry } from './decide-retry';

const SUB = 'sub-1';
const firm = {
  name: 'Northwind',
  location: null,
  investorType: 'VC',
  description: null,
  website: 'https://northwind.example/',
};
const requested: SubmissionEvent = {
  type: 'SubmissionRequested',
  data: { submissionId: SUB, attemptId: 'a1', userId: 'u1', vcFirmId: 'vc_1', test: false, firm, requestKey: null },
};
const failed = (attemptId: string): SubmissionEvent =>
  ({
    type: 'SubmissionFailed',
    data: { submissionId: SUB, attemptId, error: 'boom', errorCode: null, errorKind: 'permanent' },
  }) as SubmissionEvent;
const claimed: FirmApplicationEvent = {
  type: 'FirmApplicationClaimed',
  data: { userId: 'u1', vcFirmId: 'vc_1', test: false, submissionId: SUB },
};
const released: FirmApplicationEvent = {
  type: 'FirmApplicationReleased',
  data: { submissionId: SUB, status: 'failed' },
};

const fold = <S, E>(d: { initialState: () => S; evolve: (s: S, e: E) => S }, events: E[]) =>
  events.reduce(d.evolve, d.initialState());

/** Two streams with revisions, as the event store keeps them: an append succeeds only at the revision its decision read. */
class Streams {
  submission: SubmissionEvent[] = [requested, failed('a1')];
  application: FirmApplicationEvent[] = [claimed, released];
  charges = 0;
  read() {
    return {
      submission: [...this.submission],
      application: [...this.application],
      revisions: [this.submission.length, this.application.length] as const,
    };
  }
  /** One multi-stream append: the charge, the claim and the attempt, all or nothing. */
  append(
    at: readonly [number, number],
    d: { submission: SubmissionEvent[]; application: FirmApplicationEvent[] },
  ): boolean {
    if (at[0] !== this.submission.length || at[1] !== this.application.length) return false;
    this.submission.push(...d.submission);
    this.application.push(...d.application);
    this.charges++;
    return true;
  }
}

describe('retry decision', () => {
  it('given a failed submission whose firm was released, when retried, then a new attempt and the firm claimed again', () => {
    const d = decideRetry(
      {
        submission: fold(submissionDecider, [requested, failed('a1')]),
        application: fold(firmApplicationDecider, [claimed, released]),
        attemptId: 'a2',
      },
      DEFAULT_META,
    );
    expect(d.submission).toEqual([
      { type: 'SubmissionRetried', data: { submissionId: SUB, attemptId: 'a2', previousAttemptId: 'a1', attempt: 2 } },
    ]);
    expect(d.application).toEqual([claimed]);
  });

  it('given a submission still holding its firm (released late), when retried, then no second claim', () => {
    const d = decideRetry(
      {
        submission: fold(submissionDecider, [requested, failed('a1')]),
        application: fold(firmApplicationDecider, [claimed]),
        attemptId: 'a2',
      },
      DEFAULT_META,
    );
    expect(d.application).toEqual([]);
  });

  it('given the race of two retries, when the first has landed, then the second is refused and the claim stays with the running attempt', () => {
    const streams = new Streams();
    const a = streams.read();
    const b = streams.read();
    const decide = (r: ReturnType<Streams['read']>, attemptId: string) =>
      decideRetry(
        {
          submission: fold(submissionDecider, r.submission),
          application: fold(firmApplicationDecider, r.application),
          attemptId,
        },
        DEFAULT_META,
      );
    expect(streams.append(a.revisions, decide(a, 'a2'))).toBe(true);
    // The loser's append at the revisions it read is refused whole; decided again on what landed, it is refused.
    expect(streams.append(b.revisions, decide(b, 'a3'))).toBe(false);
    expect(() => decide(streams.read(), 'a3')).toThrow(NOT_RETRYABLE);
    expect(fold(firmApplicationDecider, streams.application)).toEqual({ status: 'in_progress', holder: SUB });
    expect(fold(submissionDecider, streams.submission)).toMatchObject({ status: 'pending', attemptId: 'a2' });
    expect(streams.charges).toBe(1);
  });

  it('never frees the claim of a running attempt, never charges without an attempt, over any interleaving of retries and failures', () => {
    // Steps: a retry reads (r i), a retry appends what it decided on its read (w i), the running attempt fails (f).
    const step = fc.oneof(
      fc.record({ kind: fc.constant('read' as const), who: fc.nat(4) }),
      fc.record({ kind: fc.constant('write' as const), who: fc.nat(4) }),
      fc.record({ kind: fc.constant('fail' as const), who: fc.constant(0) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const streams = new Streams();
        const reads = new Map<number, ReturnType<Streams['read']>>();
        let attempts = 1;
        for (const s of steps) {
          if (s.kind === 'read') reads.set(s.who, streams.read());
          else if (s.kind === 'write') {
            const r = reads.get(s.who);
            if (!r) continue;
            reads.delete(s.who);
            let d;
            try {
              d = decideRetry(
                {
                  submission: fold(submissionDecider, r.submission),
                  application: fold(firmApplicationDecider, r.application),
                  attemptId: `a${++attempts}`,
                },
                DEFAULT_META,
              );
            } catch (err) {
              expect(err).toBeInstanceOf(DomainError);
              continue;
            }
            streams.append(r.revisions, d);
          } else {
            // The running attempt ends failed: the workflow records it and releases the firm.
            const sub = fold(submissionDecider, streams.submission);
            if (sub.status !== 'pending') continue;
            const ev = failed(sub.attemptId);
            const settle = firmApplicationDecider.decide(
              { type: 'Settle', data: { submissionId: SUB, status: 'failed' } },
              fold(firmApplicationDecider, streams.application),
              DEFAULT_META,
            );
            streams.submission.push(ev);
            streams.application.push(...settle);
          }
          const sub = fold(submissionDecider, streams.submission);
          const app = fold(firmApplicationDecider, streams.application);
          // A running attempt always holds the firm; a finished one never does.
          if (sub.status === 'pending') expect(app).toEqual({ status: 'in_progress', holder: SUB });
          else expect(app.status).toBe('open');
          // One charge per retry that landed, and never two attempts without a failure between them.
          const retried = streams.submission.filter((e) => e.type === 'SubmissionRetried').length;
          const failures = streams.submission.filter((e) => e.type === 'SubmissionFailed').length;
          expect(streams.charges).toBe(retried);
          expect(retried).toBeLessThanOrEqual(failures);
        }
      }),
      { numRuns: 500 },
    );
  });
});
