import { describe, it } from 'vitest';
import { given } from '../../testing/decider';
import { firstRunDecider } from './first-run-decider';

const opened = { type: 'FirstRunLiveViewOpened' as const, data: { userId: 'u1', submissionId: 's1' } };
const dismissed = { type: 'FirstRunChecklistDismissed' as const, data: { userId: 'u1' } };

describe('first-run decider', () => {
  it('records the first live view once; a later one changes nothing', () => {
    given(firstRunDecider)
      .when({ type: 'RecordLiveViewOpened', data: { userId: 'u1', submissionId: 's1' } })
      .then([opened]);
    given(firstRunDecider, opened)
      .when({ type: 'RecordLiveViewOpened', data: { userId: 'u1', submissionId: 's2' } })
      .then([]);
  });

  it('dismisses the checklist once, whatever else happened', () => {
    given(firstRunDecider, opened)
      .when({ type: 'DismissChecklist', data: { userId: 'u1' } })
      .then([dismissed]);
    given(firstRunDecider, dismissed)
      .when({ type: 'DismissChecklist', data: { userId: 'u1' } })
      .then([]);
  });
});
