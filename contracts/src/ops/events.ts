import type { LedgerLine } from '../credits/api';

/** Events of the operators' ledger audits: stream `ledger-audit-<runId>`. */
/** A ledger the audit found wrong, with the events involved (the last ones of that ledger). */
export interface AuditProblem {
  userId: string;
  status: 'mismatch' | 'missing' | 'orphan' | 'invalid';
  problem: string | null;
  events: number;
  replayed: number;
  readModel: number | null;
  readModelEvents: number | null;
  lines: LedgerLine[];
  /** How many earlier lines of that ledger are left out of `lines`. */
  linesOmitted: number;
}

type LedgerAuditRequested = { type: 'LedgerAuditRequested'; data: { runId: string; requestedBy: string } };
export type LedgerAuditFinished = {
  type: 'LedgerAuditFinished';
  data: {
    runId: string;
    ok: boolean;
    streams: number;
    events: number;
    problems: number;
    ms: number;
    findings: AuditProblem[];
    findingsOmitted: number;
  };
};
type LedgerAuditFailed = { type: 'LedgerAuditFailed'; data: { runId: string; error: string } };
export type LedgerAuditEvent = LedgerAuditRequested | LedgerAuditFinished | LedgerAuditFailed;
export const LEDGER_AUDIT_EVENT_TYPES = ['LedgerAuditRequested', 'LedgerAuditFinished', 'LedgerAuditFailed'] as const;
export const ledgerAuditStream = (runId: string) => `ledger-audit-${runId}`;
