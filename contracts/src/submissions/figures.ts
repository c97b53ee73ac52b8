/**
 * The figures told about a founder's applications, defined once here and used by the
 * dashboard, the submissions page, the batch e-mail and GET /api/submission-stats:
 * - an application is one firm applied to: a retry is the same application again, never another;
 * - finished = completed + failed; a stopped run is counted apart (the founder or a deadline ended
 *   it, the firm never judged it), and a queued or running one is not finished;
 * - success rate = completed / finished, rounded; none (null) while nothing has finished.
 */
export interface RunFigures {
  /** Applications: one per firm applied to, retries included in it. */
  total: number;
  completed: number;
  failed: number;
  stopped: number;
  /** Queued or running (pending + processing): not finished, not counted in the success rate. */
  processing: number;
}

export const ZERO_FIGURES: RunFigures = { total: 0, completed: 0, failed: 0, stopped: 0, processing: 0 };

/** Where a status is counted. An unknown status is counted as under way (never as a success or a failure). */
function runBucket(status: string): Exclude<keyof RunFigures, 'total'> {
  return status === 'completed' || status === 'failed' || status === 'stopped' ? status : 'processing';
}

/** The figures from each application's current status (or from `[status, count]` rows of a GROUP BY). */
export function runFigures(statuses: Iterable<string | readonly [string, number]>): RunFigures {
  const f = { ...ZERO_FIGURES };
  for (const s of statuses) {
    const [status, n] = typeof s === 'string' ? [s, 1] : s;
    f[runBucket(status)] += n;
    f.total += n;
  }
  return f;
}

/** Completed over finished (completed + failed) as a rounded percentage; null while none has finished. */
export function successRate(f: Pick<RunFigures, 'completed' | 'failed'>): number | null {
  const finished = f.completed + f.failed;
  return finished > 0 ? Math.round((f.completed / finished) * 100) : null;
}

/** "82%", or "—" while no application has finished. */
export const successRateLabel = (f: Pick<RunFigures, 'completed' | 'failed'>) => {
  const r = successRate(f);
  return r === null ? '—' : `${r}%`;
};

/** The submit toast: runs are queued, not sent, until their form has gone ("8 applications queued"). */
export const queuedLabel = (n: number) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? 'application' : 'applications'} queued`;
