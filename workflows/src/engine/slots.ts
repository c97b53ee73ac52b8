import type { SubmissionRun } from './port';

/** What a run holds: a worker slot (its browser works), or a place in the takeover pool (its page waits for the founder). */
type SlotState = 'waiting' | 'slot' | 'paused' | 'released';

export interface SlotLease {
  readonly state: SlotState;
  /**
   * The run waits for its founder: gives its worker slot back and keeps its page in the takeover
   * pool. False when the pool is full (TAKEOVER_MAX_OPEN pages wait already): the run keeps its slot
   * and must not wait.
   */
  pause(): boolean;
  /** Handed back: waits for a worker slot again, ahead of runs not yet started; resolves early when `signal` aborts. */
  resume(signal?: AbortSignal): Promise<void>;
  /** The run is over: gives back whatever it holds. Idempotent. */
  release(): void;
}

export interface WorkerSlotsOptions {
  /** Browsers working at once in this process (WORKER_CONCURRENCY). */
  slots: number;
  /** Pages kept open for founders at CAPTCHAs and sign-in walls, outside the slots (TAKEOVER_MAX_OPEN). */
  takeoverMax: number;
  /** A run took or gave back a slot (the dispatcher's bookkeeping; called after the change). */
  onChange?: (run: SubmissionRun, holdsSlot: boolean) => void;
}

interface Waiter {
  resolve(): void;
  priority: boolean;
}

/**
 * The worker slots of one process. A run takes a slot before its browser opens and gives it back
 * when it ends, or when it starts waiting for its founder in the live view: then its page moves
 * to the takeover pool, which has its own limit, and the slot serves another run meanwhile. A run
 * handed back by its founder takes the next free slot before any run that has not started.
 *
 * Every wait here is bounded by the runs holding slots: each ends within the automation's own
 * limit or pauses (and so frees its slot); none waits for a slot while holding one.
 */
export class WorkerSlots {
  private held = 0;
  private pausedCount = 0;
  private readonly queue: Waiter[] = [];

  constructor(private readonly opts: WorkerSlotsOptions) {}

  get busy(): number {
    return this.held;
  }

  get paused(): number {
    return this.pausedCount;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** Waits for a slot (resolves early, holding nothing, when `signal` aborts: check it). */
  async acquire(run: SubmissionRun, signal?: AbortSignal): Promise<SlotLease> {
    const lease = new Lease(this, run);
    await this.take(lease, false, signal);
    return lease;
  }

  /** @internal */
  async take(lease: Lease, priority: boolean, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return;
    if (this.held < Math.max(1, this.opts.slots) && !this.queue.length) {
      this.grant(lease);
      return;
    }
    await new Promise<void>((resolve) => {
      const waiter: Waiter = {
        priority,
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          this.grant(lease);
          resolve();
        },
      };
      const onAbort = () => {
        const i = this.queue.indexOf(waiter);
        if (i >= 0) this.queue.splice(i, 1);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      // Handed-back runs queue ahead of runs that have not started, in the order they came.
      const at = priority ? this.queue.findIndex((w) => !w.priority) : -1;
      if (at >= 0) this.queue.splice(at, 0, waiter);
      else this.queue.push(waiter);
    });
  }

  private grant(lease: Lease) {
    if (lease.state === 'paused') this.pausedCount--;
    this.held++;
    lease.state = 'slot';
    this.opts.onChange?.(lease.run, true);
  }

  /** @internal */
  free(lease: Lease, next: 'paused' | 'released') {
    if (lease.state === 'slot') {
      this.held--;
      this.opts.onChange?.(lease.run, false);
    }
    if (lease.state === 'paused') this.pausedCount--;
    lease.state = next;
    if (next === 'paused') this.pausedCount++;
    while (this.held < Math.max(1, this.opts.slots) && this.queue.length) this.queue.shift()!.resolve();
  }

  /** @internal */
  roomToPause(): boolean {
    return this.pausedCount < this.opts.takeoverMax;
  }
}

class Lease implements SlotLease {
  state: SlotState = 'waiting';

  constructor(
    private readonly slots: WorkerSlots,
    readonly run: SubmissionRun,
  ) {}

  pause(): boolean {
    if (this.state !== 'slot' || !this.slots.roomToPause()) return false;
    this.slots.free(this, 'paused');
    return true;
  }

  async resume(signal?: AbortSignal): Promise<void> {
    if (this.state !== 'paused') return;
    await this.slots.take(this, true, signal);
  }

  release(): void {
    if (this.state === 'released') return;
    this.slots.free(this, 'released');
  }
}
