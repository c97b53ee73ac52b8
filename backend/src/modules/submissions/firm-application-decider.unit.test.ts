import type { FirmApplicationEvent } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/decider';
import { given } from '../../testing/decider';
import { firmApplicationDecider } from './firm-application-decider';

const claimData = (submissionId: string) => ({ userId: 'u1', vcFirmId: 'vc_1', test: false, submissionId });
const claim = (submissionId: string) => ({ type: 'Claim' as const, data: claimData(submissionId) });
const claimed = (submissionId: string): FirmApplicationEvent => ({
  type: 'FirmApplicationClaimed',
  data: claimData(submissionId),
});
const settle = (submissionId: string, status: 'completed' | 'failed' | 'stopped') => ({
  type: 'Settle' as const,
  data: { submissionId, status },
});

describe('founder × firm application', () => {
  it('is claimed by the first submission to a firm', () => {
    given(firmApplicationDecider)
      .when(claim('s1'))
      .then([claimed('s1')]);
  });

  it('refuses a second submission while one is under way, and after the firm was applied to', () => {
    given(firmApplicationDecider, claimed('s1'))
      .when(claim('s2'))
      .thenThrows(DomainError, 'An application to this firm is already under way.', (e) =>
        expect(e.code).toBe('in_progress'),
      );
    given(firmApplicationDecider, claimed('s1'), { type: 'FirmApplicationApplied', data: { submissionId: 's1' } })
      .when(claim('s2'))
      .thenThrows(DomainError, 'You already applied to this firm successfully.', (e) =>
        expect(e.code).toBe('already_applied'),
      );
  });

  it('lets the same submission claim again without a new event (a resent request)', () => {
    given(firmApplicationDecider, claimed('s1')).when(claim('s1')).then([]);
  });

  it('is freed when the submission fails or stops, and marked applied when it completes', () => {
    given(firmApplicationDecider, claimed('s1'))
      .when(settle('s1', 'failed'))
      .then([{ type: 'FirmApplicationReleased', data: { submissionId: 's1', status: 'failed' } }]);
    given(firmApplicationDecider, claimed('s1'))
      .when(settle('s1', 'stopped'))
      .then([{ type: 'FirmApplicationReleased', data: { submissionId: 's1', status: 'stopped' } }]);
    given(firmApplicationDecider, claimed('s1'))
      .when(settle('s1', 'completed'))
      .then([{ type: 'FirmApplicationApplied', data: { submissionId: 's1' } }]);
    given(firmApplicationDecider, claimed('s1'), {
      type: 'FirmApplicationReleased',
      data: { submissionId: 's1', status: 'failed' },
    })
      .when(claim('s2'))
      .then([claimed('s2')]);
  });

  it('ignores the settling of a submission that does not hold the firm, and a repeated one', () => {
    given(firmApplicationDecider, claimed('s1')).when(settle('s9', 'failed')).then([]);
    given(firmApplicationDecider, claimed('s1'), { type: 'FirmApplicationApplied', data: { submissionId: 's1' } })
      .when(settle('s1', 'completed'))
      .then([]);
  });
});
