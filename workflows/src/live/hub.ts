import type { Page } from 'playwright-core';
import type { SubmissionRun } from '../engine/port';
import type { TakeoverDecision, TakeoverReason } from '../automation/types';
import { PageInputChannel, type PageInput } from './input';
import { startScreencast } from './screencast';

/** A run waiting for its founder to take over the browser (in this process). */
export interface TakeoverSlot {
  attemptId: string;
  reason: TakeoverReason;
  message: string;
  /** Epoch ms: after this the run goes on without the founder (fails as before). */
  deadline: number;
  /** Who sent the first input (null until then). */
  by: string | null;
}

interface OpenSlot extends TakeoverSlot {
  input: PageInputChannel;
  finish(decision: TakeoverDecision, by: string | null): void;
}

/** Input for a run that is not waiting for a takeover here (ended, handed back, or in another process). */
export class NotTakingOver extends Error {
  constructor() {
    super('This submission is not waiting for you in the live view.');
    this.name = 'NotTakingOver';
  }
}

export type LiveEvent =
  | { kind: 'frame'; data: string; at: number }
  | { kind: 'step'; step: string; at: number }
  | { kind: 'end'; at: number };

export interface LiveSnapshot {
  submissionId: string;
  attemptId: string;
  step: string | null;
  /** Latest JPEG frame, base64. */
  frame: string | null;
  at: number;
}

/**
 * Where the latest screen of a run is also kept for viewers in other processes (the API process
 * when the worker runs apart). Written at most once per `persistEveryMs` per run.
 */
export interface LiveSink {
  save(run: SubmissionRun, snapshot: { step: string | null; frame: Buffer | null }): Promise<void>;
  remove(run: SubmissionRun): Promise<void>;
}

export interface LiveSession {
  /** Makes this the run's page: its screen streams whenever someone watches (false once the session is closed). */
  attach(page: Page): Promise<boolean>;
  step(step: string): void;
  close(): Promise<void>;
}

type Listener = (event: LiveEvent) => void;

interface Running {
  run: SubmissionRun;
  step: string | null;
  frame: string | null;
  at: number;
  /** Whether the screencast runs now. */
  streaming: boolean;
  /** Starts the screencast when someone watches (and a page is open); see LiveHub. */
  wake(): void;
}

/** A viewer in another process counts as watching this long after its last word (it repeats it every few seconds). */
const REMOTE_WATCH_MS = 15_000;
/** How often a streaming run checks that someone still watches; it stops streaming when nobody does. */
const IDLE_CHECK_MS = 5_000;

/**
 * The live view's switchboard in one process: the workflow's browser publishes CDP screencast
 * frames and steps per submission; the live page's stream subscribes to them. Subscriptions are by
 * submission, so a viewer keeps watching across a retry's new attempt.
 *
 * The screencast runs only while someone watches: a viewer here (subscribe) or in another process
 * (watchRemotely, repeated by that process while its viewer is connected). Encoding a JPEG per
 * repaint for runs nobody looks at took a large share of a small machine's CPU.
 */
export class LiveHub {
  private readonly running = new Map<string, Running>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly takeovers = new Map<string, OpenSlot>();
  private readonly remoteWatch = new Map<string, number>();

  constructor(
    private readonly sink?: LiveSink,
    private readonly persistEveryMs = 1000,
    /** How often a streaming run checks whether anyone still watches. */
    private readonly idleCheckMs = IDLE_CHECK_MS,
  ) {}

  snapshot(submissionId: string): LiveSnapshot | null {
    const r = this.running.get(submissionId);
    return r ? { submissionId, attemptId: r.run.attemptId, step: r.step, frame: r.frame, at: r.at } : null;
  }

  /** Whether the run's screencast is running (someone watches and its page is open). */
  isStreaming(submissionId: string): boolean {
    return this.running.get(submissionId)?.streaming ?? false;
  }

  isLive(submissionId: string): boolean {
    return this.running.has(submissionId);
  }

  /** The takeover this process's run of the submission waits for, if any. */
  takeover(submissionId: string): TakeoverSlot | null {
    const t = this.takeovers.get(submissionId);
    return t ? { attemptId: t.attemptId, reason: t.reason, message: t.message, deadline: t.deadline, by: t.by } : null;
  }

  /**
   * Keeps the page for its founder until they hand it back (continue), the run is stopped (the
   * signal), or the deadline passes (expired). The screencast keeps streaming meanwhile.
   */
  awaitTakeover(
    run: SubmissionRun,
    page: Page,
    wait: { reason: TakeoverReason; message: string; deadline: number; signal?: AbortSignal },
  ): Promise<{ decision: TakeoverDecision; by: string | null }> {
    return new Promise((resolve) => {
      const input = new PageInputChannel(page);
      let timer: NodeJS.Timeout | undefined;
      const onAbort = () => slot.finish('stop', slot.by);
      const slot: OpenSlot = {
        attemptId: run.attemptId,
        reason: wait.reason,
        message: wait.message,
        deadline: wait.deadline,
        by: null,
        input,
        finish: (decision, by) => {
          if (this.takeovers.get(run.submissionId) !== slot) return;
          this.takeovers.delete(run.submissionId);
          if (timer) clearTimeout(timer);
          wait.signal?.removeEventListener('abort', onAbort);
          void input.close();
          resolve({ decision, by });
        },
      };
      this.takeovers.get(run.submissionId)?.finish('stop', null);
      this.takeovers.set(run.submissionId, slot);
      if (wait.signal?.aborted) return slot.finish('stop', null);
      wait.signal?.addEventListener('abort', onAbort, { once: true });
      timer = setTimeout(() => slot.finish('expired', slot.by), Math.max(0, wait.deadline - Date.now()));
    });
  }

  /** Plays one input of the founder's on the waiting page. Throws NotTakingOver when nothing waits. */
  async sendInput(submissionId: string, by: string, input: PageInput): Promise<void> {
    const slot = this.takeovers.get(submissionId);
    if (!slot) throw new NotTakingOver();
    slot.by ??= by;
    await slot.input.send(input);
  }

  /** Continue: the founder hands the page back to the automation. False when nothing waits. */
  handBack(submissionId: string, by: string): boolean {
    const slot = this.takeovers.get(submissionId);
    if (!slot) return false;
    slot.finish('continue', slot.by ?? by);
    return true;
  }

  subscribe(submissionId: string, listener: Listener): () => void {
    let set = this.listeners.get(submissionId);
    if (!set) this.listeners.set(submissionId, (set = new Set()));
    set.add(listener);
    this.running.get(submissionId)?.wake();
    return () => {
      set!.delete(listener);
      if (!set!.size) this.listeners.delete(submissionId);
    };
  }

  /** A viewer in another process watches this run (said again every few seconds while it does). */
  watchRemotely(submissionId: string): void {
    this.remoteWatch.set(submissionId, Date.now() + REMOTE_WATCH_MS);
    this.running.get(submissionId)?.wake();
  }

  /** Whether anyone watches the run now, here or in another process. */
  watched(submissionId: string): boolean {
    if (this.listeners.get(submissionId)?.size) return true;
    const until = this.remoteWatch.get(submissionId);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.remoteWatch.delete(submissionId);
    return false;
  }

  private emit(submissionId: string, event: LiveEvent) {
    for (const l of this.listeners.get(submissionId) ?? []) {
      try {
        l(event);
      } catch {
        /* one broken viewer must not stop the others */
      }
    }
  }

  open(run: SubmissionRun): LiveSession {
    const id = run.submissionId;
    let page: Page | null = null;
    let casting: Promise<(() => Promise<void>) | undefined> | null = null;
    let idleCheck: NodeJS.Timeout | undefined;
    let lastPersist = 0;
    let persistTimer: NodeJS.Timeout | undefined;
    let closed = false;
    const persist = () => {
      if (!this.sink || closed) return;
      const wait = lastPersist + this.persistEveryMs - Date.now();
      if (wait > 0) {
        persistTimer ??= setTimeout(() => {
          persistTimer = undefined;
          persist();
        }, wait);
        return;
      }
      lastPersist = Date.now();
      this.sink
        .save(run, { step: state.step, frame: state.frame ? Buffer.from(state.frame, 'base64') : null })
        .catch(() => undefined);
    };
    const stopCast = async () => {
      if (idleCheck) clearInterval(idleCheck);
      idleCheck = undefined;
      const c = casting;
      casting = null;
      state.streaming = false;
      await (await c)?.().catch(() => undefined);
    };
    const startCast = () => {
      if (casting || !page || closed) return;
      state.streaming = true;
      casting = startScreencast(page, (data) => {
        state.frame = data;
        state.at = Date.now();
        this.emit(id, { kind: 'frame', data, at: state.at });
        persist();
      }).catch(() => {
        state.streaming = false;
        return undefined;
      });
      idleCheck = setInterval(() => {
        if (!this.watched(id)) void stopCast();
      }, this.idleCheckMs);
      idleCheck.unref();
    };
    const state: Running = {
      run,
      step: null,
      frame: null,
      at: Date.now(),
      streaming: false,
      wake: () => {
        if (this.watched(id)) startCast();
      },
    };
    this.running.set(id, state);
    return {
      attach: async (p) => {
        if (closed) return false;
        // A new page of the run (a form opened in a new tab): stream that one from now on.
        if (page !== p) {
          page = p;
          if (casting) await stopCast();
        }
        // The row tells viewers in other processes that this run has a browser open.
        persist();
        state.wake();
        return !closed;
      },
      step: (step) => {
        state.step = step;
        state.at = Date.now();
        this.emit(run.submissionId, { kind: 'step', step, at: state.at });
        persist();
      },
      close: async () => {
        if (closed) return;
        closed = true;
        // A run that ends while waiting (stopped, browser gone) releases its takeover.
        const t = this.takeovers.get(run.submissionId);
        if (t?.attemptId === run.attemptId) t.finish('stop', t.by);
        if (persistTimer) clearTimeout(persistTimer);
        await stopCast();
        if (this.running.get(run.submissionId) === state) this.running.delete(run.submissionId);
        this.emit(run.submissionId, { kind: 'end', at: Date.now() });
        await this.sink?.remove(run).catch(() => undefined);
      },
    };
  }
}
