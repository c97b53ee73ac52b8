import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import { numberTries, reportedError, type EngineStep, type WorkflowHistory } from '../history';

type Timestamp = { seconds?: { toNumber(): number } | number | null; nanos?: number | null } | null | undefined;
const iso = (t: Timestamp) => {
  if (!t?.seconds) return null;
  const s = typeof t.seconds === 'number' ? t.seconds : t.seconds.toNumber();
  return new Date(s * 1000 + Math.floor((t.nanos ?? 0) / 1e6)).toISOString();
};

/** A JSON payload as the default data converter writes it (json/plain), or undefined. */
function jsonPayload(
  p: { metadata?: Record<string, Uint8Array> | null; data?: Uint8Array | null } | undefined | null,
): unknown {
  const encoding = p?.metadata?.encoding ? Buffer.from(p.metadata.encoding).toString() : '';
  if (encoding !== 'json/plain' || !p?.data) return undefined;
  try {
    return JSON.parse(Buffer.from(p.data).toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Temporal: the run's status from the visibility API (describe) and its steps from the workflow's
 * event history (activities and timers), with a link to the Temporal UI (TEMPORAL_UI_URL).
 */
export async function createTemporalHistory(opts: {
  address: string;
  namespace?: string;
  uiUrl?: string;
}): Promise<WorkflowHistory> {
  const namespace = opts.namespace ?? 'default';
  const connection = await Connection.connect({ address: opts.address });
  const client = new Client({ connection, namespace });
  const ui = opts.uiUrl?.replace(/\/+$/, '');
  return {
    kind: 'temporal',
    async run(runId) {
      const handle = client.workflow.getHandle(runId);
      let status: string;
      try {
        status = (await handle.describe()).status.name;
      } catch (err) {
        if (err instanceof WorkflowNotFoundError) return null;
        throw err;
      }
      const history = await handle.fetchHistory();
      // Each activity from its scheduled event, completed by the event that ended it; timers likewise.
      const steps: (Omit<EngineStep, 'try'> & { id: string })[] = [];
      const byId = new Map<string, Omit<EngineStep, 'try'>>();
      for (const e of history.events ?? []) {
        const id = String(e.eventId ?? '');
        const at = iso(e.eventTime as Timestamp);
        if (e.activityTaskScheduledEventAttributes) {
          const s = {
            id,
            name: e.activityTaskScheduledEventAttributes.activityType?.name ?? 'activity',
            startedAt: at,
            endedAt: null,
            error: null,
          };
          steps.push(s);
          byId.set(id, s);
        } else if (e.timerStartedEventAttributes) {
          const s = { id, name: 'sleep', startedAt: at, endedAt: null, error: null };
          steps.push(s);
          byId.set(id, s);
        } else {
          const a =
            e.activityTaskCompletedEventAttributes ??
            e.activityTaskFailedEventAttributes ??
            e.activityTaskTimedOutEventAttributes ??
            e.activityTaskCanceledEventAttributes;
          const t = e.timerFiredEventAttributes ?? e.timerCanceledEventAttributes;
          const s = byId.get(String(a?.scheduledEventId ?? t?.startedEventId ?? ''));
          if (!s) continue;
          s.endedAt = at;
          if (e.activityTaskCompletedEventAttributes)
            s.error = reportedError(jsonPayload(e.activityTaskCompletedEventAttributes.result?.payloads?.[0]));
          else if (e.activityTaskFailedEventAttributes)
            s.error = e.activityTaskFailedEventAttributes.failure?.message ?? 'failed';
          else if (e.activityTaskTimedOutEventAttributes)
            s.error = e.activityTaskTimedOutEventAttributes.failure?.message ?? 'timed out';
          else if (e.activityTaskCanceledEventAttributes) s.error = 'cancelled';
        }
      }
      return {
        engine: 'temporal',
        runId,
        status,
        url: ui ? `${ui}/namespaces/${encodeURIComponent(namespace)}/workflows/${encodeURIComponent(runId)}` : null,
        steps: numberTries(steps.map(({ id: _id, ...s }) => s)),
      };
    },
    async close() {
      await connection.close();
    },
  };
}
