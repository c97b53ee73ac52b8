import type { IndexLoading } from '@fp/projections';

/** What the engines answered at one moment. */
export interface EngineCheck {
  /** Every engine answered and no projection failed. */
  ok: boolean;
  /** `ok`, and a database connection was free: this process can take traffic. */
  ready: boolean;
  /** Why not ready, one sentence each (empty when ready). */
  reasons: string[];
  /** When this check ended (null before the first one). */
  checkedAt: string | null;
  eventStore: boolean;
  readModels: boolean;
  projections: { name: string; status: string; position: number; lag: number; error: string | null }[];
  /** The in-process search index's reload under way (null: current, or no such index). */
  searchIndex: IndexLoading | null;
}

export interface EngineChecks {
  eventStore(): Promise<boolean>;
  readModels(): Promise<boolean>;
  projections(): Promise<{ name: string; status: string; position: number; lag: number; error: string | null }[]>;
  /** Takes a pool connection and gives it back at once (fails when none is free in time). */
  connection(): Promise<void>;
  /** The in-process search index: null when current, else how far its load has got. */
  searchIndex?(): Promise<IndexLoading | null>;
}

/** Readiness's reason while the search index loads, with its progress when known. */
function searchLoadingReason(l: IndexLoading): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const progress =
    l.total === null
      ? 'starting'
      : `${n(l.read)} of ${n(l.total)} documents read (${l.total ? Math.floor((100 * l.read) / l.total) : 100}%)`;
  return `search index loading: ${progress}; searches answer from the slower tables until it is done`;
}

/** Longest a single check may take before it counts as failed (each engine wait is bounded below this too). */
const CHECK_LIMIT_MS = 6_000;

/**
 * Checks the engines at most one at a time, however many callers ask: a flood of health probes
 * costs one check, and never more connections than one. Callers wait a bounded time for the check
 * under way; liveness then answers the last result it holds, readiness answers "not ready".
 */
export function createEngineProbe(checks: EngineChecks, now: () => Date = () => new Date()) {
  let last: EngineCheck = {
    ok: false,
    ready: false,
    reasons: ['not checked yet'],
    checkedAt: null,
    eventStore: false,
    readModels: false,
    projections: [],
    searchIndex: null,
  };
  let running: Promise<EngineCheck> | null = null;

  const bounded = <T>(what: string, p: Promise<T>): Promise<T> =>
    Promise.race([
      p,
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error(`${what} did not answer within ${CHECK_LIMIT_MS} ms`)),
          CHECK_LIMIT_MS,
        ).unref(),
      ),
    ]);

  async function check(): Promise<EngineCheck> {
    const reasons: string[] = [];
    const failed = (what: string) => (err: unknown) => {
      reasons.push(`${what}: ${(err as Error)?.message ?? String(err)}`);
      return false as const;
    };
    const [connection, eventStore, readModels, projections, searchIndex] = await Promise.all([
      bounded('database connection', checks.connection()).then(() => true, failed('no free database connection')),
      bounded('event store', checks.eventStore()).then(
        (ok) => ok || failed('event store')(new Error('not reachable')),
        failed('event store'),
      ),
      bounded('read models', checks.readModels()).then((ok) => ok, failed('read models')),
      bounded('projections', checks.projections()).catch((err) => (failed('projections')(err), null)),
      // Not ready (but alive) while the index loads: traffic would meet the slow fallback.
      checks.searchIndex
        ? bounded('search index', checks.searchIndex()).catch((err) => failed('search index')(err))
        : null,
    ]);
    for (const p of projections ?? [])
      if (p.status === 'failed') reasons.push(`projection ${p.name} failed: ${p.error ?? 'unknown error'}`);
    if (searchIndex) reasons.push(searchLoadingReason(searchIndex));
    const ok = eventStore && readModels && projections !== null && projections.every((p) => p.status !== 'failed');
    const indexed = searchIndex === null;
    return {
      ok,
      ready: ok && connection && indexed,
      reasons,
      checkedAt: now().toISOString(),
      eventStore,
      readModels,
      projections: projections ?? last.projections,
      searchIndex: searchIndex || null,
    };
  }

  const start = (): Promise<EngineCheck> =>
    (running ??= check()
      .then((r) => (last = r))
      .finally(() => (running = null)));

  const within = <T>(p: Promise<EngineCheck>, ms: number, otherwise: () => T): Promise<EngineCheck | T> =>
    Promise.race([p, new Promise<T>((resolve) => setTimeout(() => resolve(otherwise()), ms).unref())]);

  return {
    /** Liveness: the check under way if it ends within `waitMs`, else the last one held. */
    latest: (waitMs: number): Promise<EngineCheck> => within(start(), waitMs, () => last),
    /** Readiness: a check that ends within `waitMs`, else "not ready" with the reason. */
    fresh: (waitMs: number): Promise<EngineCheck> =>
      within(start(), waitMs, (): EngineCheck => ({
        ...last,
        ready: false,
        reasons: [`the engines did not answer within ${waitMs} ms (no free database connection?)`],
        checkedAt: now().toISOString(),
      })),
  };
}
