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
  /** Starts streaming this page's screen; resolves once frames flow (false if it could not start). */
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
}

/**
 * The live view's switchboard in one process: the workflow's browser publishes CDP screencast
 * frames and steps per submission; the live page's stream subscribes to them. Subscriptions are by
 * submission, so a viewer keeps watching across a retry's new attempt.
 */
export class LiveHub {
  private readonly running = new Map<string, Running>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly takeovers = new Map<string, OpenSlot>();

  constructor(
    private readonly sink?: LiveSink,
    private readonly persistEveryMs = 1000,
  ) {}

  snapshot(submissionId: string): LiveSnapshot | null {
    const r = this.running.get(submissionId);
    return r ? { submissionId, attemptId: r.run.attemptId, step: r.step, frame: r.frame, at: r.at } : null;
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
  awaitTakeover(run: SubmissionRun, page: Page, wait: { reason: TakeoverReason; message: string; deadline: number; signal?: AbortSignal }): Promise<{ decision: TakeoverDecision; by: string | null }> {
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
    return () => {
      set!.delete(listener);
      if (!set!.size) this.listeners.delete(submissionId);
    };
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
    const state: Running = { run, step: null, frame: null, at: Date.now() };
    this.running.set(run.submissionId, state);
    let stopCast: (() => Promise<void>) | undefined;
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
      this.sink.save(run, { step: state.step, frame: state.frame ? Buffer.from(state.frame, 'base64') : null }).catch(() => undefined);
    };
    return {
      attach: async (page) => {
        if (closed) return false;
        try {
          await stopCast?.();
          let first: () => void = () => undefined;
          const flowing = new Promise<void>((r) => (first = r));
          stopCast = await startScreencast(page, (data) => {
            state.frame = data;
            state.at = Date.now();
            this.emit(run.submissionId, { kind: 'frame', data, at: state.at });
            persist();
            first();
          });
          // A blank page may not repaint for a while: count the view as open after a short wait anyway.
          await Promise.race([flowing, new Promise((r) => setTimeout(r, 1500))]);
          return !closed;
        } catch {
          return false;
        }
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
        await stopCast?.().catch(() => undefined);
        if (this.running.get(run.submissionId) === state) this.running.delete(run.submissionId);
        this.emit(run.submissionId, { kind: 'end', at: Date.now() });
        await this.sink?.remove(run).catch(() => undefined);
      },
    };
  }
}
