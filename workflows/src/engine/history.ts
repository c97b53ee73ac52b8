// What an engine recorded of one workflow run, for the operators' console: the run's status in the
// engine and each step with its start, end, error and try. Read-only, and usable from any process
// (an API process reads the history of runs that a worker process executes).
import { iso } from '@fp/contracts';
import dbosPkg from '@dbos-inc/dbos-sdk';
import type { DBOSClient } from '@dbos-inc/dbos-sdk';
import type { EngineKind } from './port';

export interface EngineStep {
  name: string;
  /** 1 for a step's first run, 2 for the same step run again (a retry), and so on. */
  try: number;
  startedAt: string | null;
  endedAt: string | null;
  /** The step's error, or the failure the step reported as its result (a failed try of apply). */
  error: string | null;
}

interface EngineRunHistory {
  engine: EngineKind;
  /** The engine's own id of the run. */
  runId: string;
  /** The engine's status of the run, in its own words (DBOS: PENDING, SUCCESS…; Temporal: RUNNING, COMPLETED…). */
  status: string;
  steps: EngineStep[];
  /** Where the engine's own UI shows this run, when it has one. */
  url: string | null;
}

export interface WorkflowHistory {
  readonly kind: EngineKind;
  /** The run's history, or null when the engine has never seen it (not dispatched yet). */
  run(runId: string): Promise<EngineRunHistory | null>;
  close(): Promise<void>;
}

/** The failure a step reports as its value (apply returns a failed outcome instead of throwing). */
export function reportedError(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const o = output as { status?: unknown; error?: unknown };
  return o.status === 'failed' && typeof o.error === 'string' ? o.error : null;
}

/** Numbers repeated step names as tries (apply, sleep, apply → apply #1, sleep #1, apply #2). */
export function numberTries<T extends { name: string }>(steps: T[]): (T & { try: number })[] {
  const seen = new Map<string, number>();
  return steps.map((s) => {
    const n = (seen.get(s.name) ?? 0) + 1;
    seen.set(s.name, n);
    return { ...s, try: n };
  });
}

/**
 * DBOS: the run's status and its steps from DBOS's system tables, through DBOS's own client (no
 * launch needed, so API processes without a worker can read it). DBOS has no UI of its own here.
 */
export function createDbosHistory(opts: { databaseUrl: string; schema?: string }): WorkflowHistory {
  let client: Promise<DBOSClient> | null = null;
  const get = () =>
    (client ??= dbosPkg.DBOSClient.create({
      systemDatabaseUrl: opts.databaseUrl,
      systemDatabaseSchemaName: opts.schema ?? 'dbos',
      systemDatabasePoolSize: 2,
    }).catch((err) => {
      client = null;
      throw err;
    }));
  return {
    kind: 'dbos',
    async run(runId) {
      const c = await get();
      const status = await c.getWorkflow(runId);
      if (!status) return null;
      const steps = (await c.listWorkflowSteps(runId)) ?? [];
      return {
        engine: 'dbos',
        runId,
        status: status.status,
        url: null,
        steps: numberTries(
          steps.map((s) => ({
            name: s.name,
            startedAt: iso(s.startedAtEpochMs || null),
            endedAt: iso(s.completedAtEpochMs || null),
            error: s.error ? s.error.message : reportedError(s.output),
          })),
        ),
      };
    },
    async close() {
      const c = await client?.catch(() => null);
      client = null;
      await c?.destroy();
    },
  };
}
