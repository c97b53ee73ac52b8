/**
 * The client-side activity guard of the VC and angel investor screens (spec §9): at most 50 list
 * requests and 500 selections per minute, activity kept over a 5-minute window, a random 0.5–1.5 s
 * delay before each list request but the window's first, and optional suspicious-activity blocking (off; 2 minutes when
 * on, lifted early by moving the mouse). The test database runs without it (`enabled: false`).
 *
 * It is a plain object with a subscribe/getSnapshot pair, so React reads it with
 * useSyncExternalStore and the query functions use it directly.
 */

export const RATE_LIMIT_EXCEEDED = 'Rate limit exceeded. Please slow down.';
export const SELECTION_LIMIT_TITLE = 'Selection Limit Reached';
export const PAGE_SELECTION_TOO_FAST = "You're selecting too many items too quickly. Please slow down.";
export const SINGLE_SELECTION_TOO_FAST = "You're selecting items too quickly. Please slow down.";
export const TOO_MANY_REQUESTS_WARNING = 'Too many requests detected. Please slow down.';
export const TOO_MANY_SELECTIONS_WARNING = 'Too many selections detected. Please slow down.';
export const SUSPICIOUS_ACTIVITY = 'Suspicious activity detected. Please move your mouse to continue.';

/** Thrown by `beforeRequest` when the limit is reached: shown as is and never retried. */
export class RateLimitError extends Error {
  constructor() {
    super(RATE_LIMIT_EXCEEDED);
    this.name = 'RateLimitError';
  }
}
export const isRateLimitError = (e: unknown): e is RateLimitError => e instanceof RateLimitError;

export interface ActivityGuardOptions {
  enabled?: boolean;
  maxRequestsPerMinute?: number;
  maxSelectionsPerMinute?: number;
  /** How long activity is remembered (warnings look at it). */
  windowMs?: number;
  /** Share of a limit at which the warning banner appears. */
  warnAt?: number;
  minDelayMs?: number;
  maxDelayMs?: number;
  suspiciousBlocking?: boolean;
  blockMs?: number;
  now?: () => number;
  random?: () => number;
}

export interface ActivityGuardSnapshot {
  /** Text for the dismissible activity-warning banner, or null. */
  warning: string | null;
  /** True while suspicious-activity blocking holds queries back. */
  blocking: boolean;
}

export type SelectionKind = 'single' | 'page';

const MINUTE = 60_000;

export class ActivityGuard {
  readonly enabled: boolean;
  private readonly o: Required<Omit<ActivityGuardOptions, 'enabled'>>;
  private requests: number[] = [];
  /** [time, how many items] */
  private selections: Array<[number, number]> = [];
  private blockedUntil = 0;
  private dismissedAt = -Infinity;
  private snapshot: ActivityGuardSnapshot = { warning: null, blocking: false };
  private readonly listeners = new Set<() => void>();
  private refresh?: ReturnType<typeof setTimeout>;

  constructor(options: ActivityGuardOptions = {}) {
    this.enabled = options.enabled ?? true;
    this.o = {
      maxRequestsPerMinute: options.maxRequestsPerMinute ?? 50,
      maxSelectionsPerMinute: options.maxSelectionsPerMinute ?? 500,
      windowMs: options.windowMs ?? 5 * MINUTE,
      warnAt: options.warnAt ?? 0.8,
      minDelayMs: options.minDelayMs ?? 500,
      maxDelayMs: options.maxDelayMs ?? 1500,
      suspiciousBlocking: options.suspiciousBlocking ?? false,
      blockMs: options.blockMs ?? 2 * MINUTE,
      now: options.now ?? (() => Date.now()),
      random: options.random ?? Math.random,
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ActivityGuardSnapshot => this.snapshot;

  /**
   * The random pause before a list request (0 when disabled). The first request of the window (the
   * founder's first page) goes at once: the pause slows a run of requests, which is what scraping
   * is, and a first search that waits a second for nothing is what a founder feels.
   */
  requestDelayMs(): number {
    if (!this.enabled) return 0;
    if (this.requests.length <= 1) return 0;
    return Math.round(this.o.minDelayMs + this.o.random() * (this.o.maxDelayMs - this.o.minDelayMs));
  }

  /** Counts one list request; throws RateLimitError when the last minute already holds the maximum. */
  beforeRequest(): void {
    if (!this.enabled) return;
    const now = this.prune();
    if (this.isBlocked(now)) throw new RateLimitError();
    const lastMinute = this.requests.filter((t) => t > now - MINUTE).length;
    if (lastMinute >= this.o.maxRequestsPerMinute) {
      if (this.o.suspiciousBlocking) this.blockedUntil = now + this.o.blockMs;
      this.update();
      throw new RateLimitError();
    }
    this.requests.push(now);
    this.update();
  }

  /**
   * Counts `count` selected items (a page selection counts each item). Returns the message of
   * the 'Selection Limit Reached' toast when refused, or null when allowed.
   */
  trySelect(count: number, kind: SelectionKind): string | null {
    if (!this.enabled) return null;
    const now = this.prune();
    const lastMinute = this.selections.filter(([t]) => t > now - MINUTE).reduce((n, [, c]) => n + c, 0);
    if (lastMinute + count > this.o.maxSelectionsPerMinute) {
      this.update();
      return kind === 'page' ? PAGE_SELECTION_TOO_FAST : SINGLE_SELECTION_TOO_FAST;
    }
    this.selections.push([now, count]);
    this.update();
    return null;
  }

  /** A human sign (pointer movement) lifts suspicious-activity blocking. */
  humanActivity(): void {
    if (this.blockedUntil === 0) return;
    this.blockedUntil = 0;
    this.update();
  }

  /** Hides the current warning until activity rises again. */
  dismissWarning(): void {
    this.dismissedAt = this.o.now();
    this.update();
  }

  private isBlocked(now: number): boolean {
    return this.o.suspiciousBlocking && now < this.blockedUntil;
  }

  private prune(): number {
    const now = this.o.now();
    const from = now - this.o.windowMs;
    this.requests = this.requests.filter((t) => t > from);
    this.selections = this.selections.filter(([t]) => t > from);
    return now;
  }

  private update() {
    const now = this.o.now();
    const recentRequests = this.requests.filter((t) => t > now - MINUTE);
    const recentSelections = this.selections.filter(([t]) => t > now - MINUTE);
    const selectionCount = recentSelections.reduce((n, [, c]) => n + c, 0);
    const blocking = this.isBlocked(now);
    let warning: string | null = null;
    if (blocking) warning = SUSPICIOUS_ACTIVITY;
    else if (
      recentRequests.length >= this.o.warnAt * this.o.maxRequestsPerMinute &&
      Math.max(...recentRequests) > this.dismissedAt
    )
      warning = TOO_MANY_REQUESTS_WARNING;
    else if (
      selectionCount >= this.o.warnAt * this.o.maxSelectionsPerMinute &&
      Math.max(...recentSelections.map(([t]) => t)) > this.dismissedAt
    )
      warning = TOO_MANY_SELECTIONS_WARNING;
    if (warning !== this.snapshot.warning || blocking !== this.snapshot.blocking) {
      this.snapshot = { warning, blocking };
      for (const l of this.listeners) l();
    }
    // A warning fades once its minute has passed, even without further activity.
    if (warning && !this.refresh) {
      this.refresh = setTimeout(
        () => {
          this.refresh = undefined;
          this.update();
        },
        blocking ? Math.max(1000, this.blockedUntil - now) : MINUTE,
      );
    }
  }
}

/** The guard shared by the VC database and the angel investor screens. */
export const activityGuard = new ActivityGuard();
/** The test database: no rate limiting and no delay. */
export const noActivityGuard = new ActivityGuard({ enabled: false });

/** Waits `ms` unless aborted (query cancellation). */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}

/**
 * A guarded list request: counts it (RateLimitError when over the limit), waits the random delay,
 * then fetches. Cached answers never reach this (TanStack Query serves them first).
 */
export async function guardedRequest<T>(
  guard: ActivityGuard,
  fetcher: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  guard.beforeRequest();
  await pause(guard.requestDelayMs(), signal);
  return fetcher();
}
