// The fair queue's one decision, pure: which queued runs start now. The dispatcher (backend) asks
// it every round and hands the answer to whichever engine runs (DBOS or Temporal), so both follow
// the same rule.

/** A run waiting to start, with its founder and when it was queued (ms; earlier first within a founder). */
export interface QueuedRun<R> {
  run: R;
  founder: string;
  queuedAt: number;
}

export interface FairQueueState<R> {
  /** Waiting runs, any order (only the oldest few per founder need be given: at most `slots` each). */
  queued: QueuedRun<R>[];
  /** Worker slots held now, per founder (runs started or handed to the engine and not paused or ended). */
  running: Record<string, number>;
  /** Worker slots in all (WORKER_CONCURRENCY). */
  slots: number;
  /** At most this many slots per founder (WORKER_PER_FOUNDER). */
  perFounder: number;
  /** When each founder was last served (a counter; larger = more recent; absent = never). */
  lastServed: Record<string, number>;
  /** The counter's current value (the next pick is served at `served + 1`). */
  served: number;
}

export interface FairQueuePick<R> {
  /** Start these, in this order. */
  start: QueuedRun<R>[];
  /** The updated `lastServed` and counter, for the next round. */
  lastServed: Record<string, number>;
  served: number;
}

/**
 * Round-robin by founder with a cap per founder. Each free slot goes to the founder who holds the
 * fewest slots, below the cap; among equals, to the one served longest ago (never served first);
 * among those, to the one whose oldest run has waited longest. The founder's oldest run starts.
 * So one founder's 500 queued runs and another's 3 interleave: the newcomer's first run takes the
 * next free slot, and the cap keeps `slots - perFounder` slots for others.
 */
export function pickFair<R>(state: FairQueueState<R>): FairQueuePick<R> {
  const byFounder = new Map<string, QueuedRun<R>[]>();
  for (const q of state.queued) {
    const list = byFounder.get(q.founder);
    if (list) list.push(q);
    else byFounder.set(q.founder, [q]);
  }
  for (const list of byFounder.values()) list.sort((a, b) => a.queuedAt - b.queuedAt);

  const running: Record<string, number> = { ...state.running };
  const lastServed: Record<string, number> = { ...state.lastServed };
  let served = state.served;
  const held = Object.values(running).reduce((a, b) => a + Math.max(0, b), 0);
  let free = Math.max(0, state.slots - held);
  const cap = Math.max(1, state.perFounder);
  const start: QueuedRun<R>[] = [];

  while (free > 0) {
    let best: string | null = null;
    for (const [founder, list] of byFounder) {
      if (!list.length || (running[founder] ?? 0) >= cap) continue;
      if (best === null || before(founder, best)) best = founder;
    }
    if (best === null) break;
    const next = byFounder.get(best)!.shift()!;
    start.push(next);
    running[best] = (running[best] ?? 0) + 1;
    lastServed[best] = ++served;
    free--;
  }
  return { start, lastServed, served };

  function before(a: string, b: string): boolean {
    const ra = running[a] ?? 0;
    const rb = running[b] ?? 0;
    if (ra !== rb) return ra < rb;
    const la = lastServed[a] ?? -Infinity;
    const lb = lastServed[b] ?? -Infinity;
    if (la !== lb) return la < lb;
    return byFounder.get(a)![0]!.queuedAt < byFounder.get(b)![0]!.queuedAt;
  }
}

/** WORKER_PER_FOUNDER's default: every slot but one, so another founder's first run never waits for a slot (at least 1). */
export const defaultPerFounder = (slots: number) => Math.max(1, slots - 1);
