import type { FormDiscoveryFinished, FormDiscoveryStarted } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/decider';
import { given } from '../../testing/decider';
import { formDiscoveryDecider, type FormDiscoveryCommand } from './form-discovery-decider';

const start = {
  type: 'StartDiscovery',
  data: { runId: 'r1', collection: 'test', firmIds: ['a', 'b'], staleDays: 30, requestedBy: 'operator:ops' },
} satisfies FormDiscoveryCommand;
const started: FormDiscoveryStarted = { type: 'FormDiscoveryStarted', data: start.data };
const finishedEv: FormDiscoveryFinished = { type: 'FormDiscoveryFinished', data: { runId: 'r1', checked: 2 } };

describe('formDiscoveryDecider', () => {
  it('given nothing, when a run starts, then it is started with its firms fixed', () => {
    given(formDiscoveryDecider).when(start).then([started]);
  });

  it('given a started run, when it starts again, then nothing new is appended', () => {
    given(formDiscoveryDecider, started).when(start).then([]);
  });

  it('given nothing, when a run lists a firm twice, then it is refused', () => {
    given(formDiscoveryDecider)
      .when({ type: 'StartDiscovery', data: { ...start.data, firmIds: ['a', 'a'] } })
      .thenThrows(DomainError, /each firm once/);
  });

  it('given a started run, when it finishes (twice), then it finishes once', () => {
    const finish: FormDiscoveryCommand = { type: 'FinishDiscovery', data: { runId: 'r1', checked: 2 } };
    given(formDiscoveryDecider, started).when(finish).then([finishedEv]);
    given(formDiscoveryDecider, started, finishedEv).when(finish).then([]);
  });

  it('given nothing, when an unknown run finishes, then it is refused with 404', () => {
    given(formDiscoveryDecider)
      .when({ type: 'FinishDiscovery', data: { runId: 'nope', checked: 0 } })
      .thenThrows(DomainError, /Unknown discovery run/, (e) => expect(e.status).toBe(404));
  });
});
