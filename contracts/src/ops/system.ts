/**
 * GET /api/ops/system (admins): the machine's key figures for the System page. Pool and HTTP
 * figures are those of the API process that answered (each replica has its own); projections,
 * runs and the outbox are read from the database.
 */
export interface SystemSnapshot {
  /** When the figures were read (ISO 8601). */
  at: string;
  process: { role: string; pid: number; uptimeSeconds: number; residentMemoryBytes: number };
  pool: { inUse: number; idle: number; max: number; waiting: number };
  projections: {
    name: string;
    status: 'running' | 'failed' | 'standby' | 'stopped';
    lag: number;
    error: string | null;
  }[];
  runs: { pending: number; processing: number };
  mailOutbox: number;
  /** Requests answered by this process over the last hour (or since it started, if later). */
  http: { windowMinutes: number; requests: number; errors: number; errorRate: number; p95Ms: number | null };
}
