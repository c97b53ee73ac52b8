import type { LedgerAuditEvent } from '@fp/contracts';
import { describe, it } from 'vitest';
import { DomainError } from '../../platform/decider';
import { given } from '../../testing/decider';
import { auditRunDecider } from './audit-run-decider';

const meta = { now: new Date('2026-01-01T00:00:00Z'), actor: 'auditor-1' };
const requested: LedgerAuditEvent = { type: 'LedgerAuditRequested', data: { runId: 'r1', requestedBy: 'auditor-1' } };
const result = { runId: 'r1', ok: true, streams: 2, events: 5, problems: 0, ms: 12, findings: [], findingsOmitted: 0 };
const finished: LedgerAuditEvent = { type: 'LedgerAuditFinished', data: result };

describe('ledger audit run decider', () => {
  it('records who requested a run, once', () => {
    given(auditRunDecider)
      .when({ type: 'RequestAudit', data: { runId: 'r1' } }, meta)
      .then([requested]);
    given(auditRunDecider, requested)
      .when({ type: 'RequestAudit', data: { runId: 'r1' } }, meta)
      .then([]);
  });

  it('records one result per run: a second worker finishing the same run adds nothing', () => {
    given(auditRunDecider, requested).when({ type: 'FinishAudit', data: result }, meta).then([finished]);
    given(auditRunDecider, requested, finished).when({ type: 'FinishAudit', data: result }, meta).then([]);
    given(auditRunDecider, requested, finished)
      .when({ type: 'FailAudit', data: { runId: 'r1', error: 'x' } }, meta)
      .then([]);
  });

  it('records a failure of a run under way', () => {
    given(auditRunDecider, requested)
      .when({ type: 'FailAudit', data: { runId: 'r1', error: 'database gone' } }, meta)
      .then([{ type: 'LedgerAuditFailed', data: { runId: 'r1', error: 'database gone' } }]);
  });

  it('refuses to end a run nobody requested', () => {
    given(auditRunDecider)
      .when({ type: 'FinishAudit', data: result }, meta)
      .thenThrows(DomainError, /No such audit run/);
  });
});
