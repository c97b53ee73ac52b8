import { eventTime } from '@fp/infra';
import { LEDGER_AUDIT_EVENT_TYPES, type LedgerAuditEvent } from '@fp/contracts';
import { eachEvent, type Projection } from '@fp/projections';

/** ops_audit_runs: every ledger audit run, who asked for it, and its result with the findings. */
export const auditRunsProjection: Projection = {
  name: 'ops_audit_runs',
  eventTypes: [...LEDGER_AUDIT_EVENT_TYPES],
  tables: ['ops_audit_runs'],
  apply: eachEvent<LedgerAuditEvent>(async (tx, ev, e) => {
    const at = eventTime(e);
    switch (ev.type) {
      case 'LedgerAuditRequested':
        await tx
          .insertInto('ops_audit_runs')
          .values({ id: ev.data.runId, requested_by: ev.data.requestedBy, requested_at: at, status: 'running' })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        break;
      case 'LedgerAuditFinished': {
        const d = ev.data;
        await tx
          .updateTable('ops_audit_runs')
          .set({
            status: 'done',
            finished_at: at,
            ok: d.ok,
            streams: d.streams,
            events: d.events,
            problems: d.problems,
            ms: d.ms,
            findings: JSON.stringify(d.findings),
            findings_omitted: d.findingsOmitted,
          })
          .where('id', '=', d.runId)
          .execute();
        break;
      }
      case 'LedgerAuditFailed':
        await tx
          .updateTable('ops_audit_runs')
          .set({ status: 'failed', finished_at: at, error: ev.data.error })
          .where('id', '=', ev.data.runId)
          .execute();
        break;
    }
  }),
};
