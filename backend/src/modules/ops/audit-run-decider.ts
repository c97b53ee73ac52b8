import type { LedgerAuditEvent, LedgerAuditFinished } from '@fp/contracts';
import { DomainError, type Decider } from '../../platform/decider';

export interface AuditRunState {
  requested: boolean;
  ended: boolean;
}

export type AuditRunCommand =
  | { type: 'RequestAudit'; data: { runId: string } }
  | { type: 'FinishAudit'; data: LedgerAuditFinished['data'] }
  | { type: 'FailAudit'; data: { runId: string; error: string } };

/**
 * One ledger audit run: requested once, ended once (finished or failed). Ending twice is a no-op,
 * so a run taken over by a second worker after a lost lease cannot record two results.
 */
export const auditRunDecider: Decider<AuditRunState, AuditRunCommand, LedgerAuditEvent> = {
  initialState: () => ({ requested: false, ended: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'LedgerAuditRequested':
        return { ...state, requested: true };
      case 'LedgerAuditFinished':
      case 'LedgerAuditFailed':
        return { ...state, ended: true };
    }
  },
  decide(command, state, meta) {
    switch (command.type) {
      case 'RequestAudit':
        if (state.requested) return [];
        return [{ type: 'LedgerAuditRequested', data: { runId: command.data.runId, requestedBy: meta.actor } }];
      case 'FinishAudit':
        if (!state.requested) throw new DomainError('No such audit run', 404, 'not_found');
        if (state.ended) return [];
        return [{ type: 'LedgerAuditFinished', data: command.data }];
      case 'FailAudit':
        if (!state.requested) throw new DomainError('No such audit run', 404, 'not_found');
        if (state.ended) return [];
        return [{ type: 'LedgerAuditFailed', data: command.data }];
    }
  },
};
