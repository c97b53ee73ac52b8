import type { FirmFormEntry } from '@fp/contracts';
import type { FirmFormChecked, FormDiscoveryFinished, FormDiscoveryStarted } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/decider';
import { given } from '../../testing/decider';
import { firmFormDecider, formDiscoveryDecider, type FormDiscoveryCommand } from './forms-decider';

const found: FirmFormEntry = {
  firmId: 'f1',
  outcome: 'found',
  url: 'https://acme.example/apply',
  kind: 'typeform',
  fields: [{ label: 'Email', type: 'email', required: true, asks: 'founderEmail' }],
  blockers: [],
  detail: null,
  checkedAt: '2026-11-25T10:00:00.000Z',
};
const record = (runId: string, entry: FirmFormEntry = found) => ({
  type: 'RecordFormCheck' as const,
  data: { runId, collection: 'vc' as const, entry },
});
const checked = (runId: string, entry: FirmFormEntry = found): FirmFormChecked => ({
  type: 'FirmFormChecked',
  data: { runId, collection: 'vc', ...entry },
});
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

describe('firmFormDecider', () => {
  it('given nothing, when a check is recorded, then the firm has its entry', () => {
    given(firmFormDecider)
      .when(record('r1'))
      .then([checked('r1')]);
  });

  it('given a check of this run, when the run records the firm again (a batch re-run after a crash), then nothing is appended', () => {
    given(firmFormDecider, checked('r1'))
      .when(record('r1', { ...found, outcome: 'no_form', url: null, kind: null, fields: [] }))
      .then([]);
  });

  it('given an older check, when a new run records the firm, then the latest entry replaces it', () => {
    const blocked: FirmFormEntry = {
      ...found,
      outcome: 'blocked',
      blockers: ['captcha'],
      checkedAt: '2026-12-01T00:00:00.000Z',
    };
    given(firmFormDecider, checked('r1'))
      .when(record('r2', blocked))
      .thenState((s, produced) => {
        expect(produced).toEqual([checked('r2', blocked)]);
        expect(s.latest).toEqual(blocked);
        expect([...s.runs]).toEqual(['r1', 'r2']);
      });
  });

  it('given nothing, when a "found" check has no URL, then it is refused', () => {
    given(firmFormDecider)
      .when(record('r1', { ...found, url: null }))
      .thenThrows(DomainError, /URL and a kind/);
  });

  it('given nothing, when an unreachable check claims fields, then it is refused', () => {
    given(firmFormDecider)
      .when(record('r1', { ...found, outcome: 'unreachable', url: null }))
      .thenThrows(DomainError, /saw no form/);
  });

  it('given nothing, when the entry is not an entry (unknown blocker), then it is refused', () => {
    given(firmFormDecider)
      .when(record('r1', { ...found, blockers: ['paywall' as never] }))
      .thenThrows(DomainError, /Not a registry entry/);
  });
});
