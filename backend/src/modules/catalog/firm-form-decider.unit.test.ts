import type { FirmFormEntry } from '@fp/contracts';
import type { FirmFormChecked } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/decider';
import { given } from '../../testing/decider';
import { firmFormDecider } from './firm-form-decider';

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
