import type { Page } from 'playwright-core';
import type { SubmissionRun } from '../engine/port';
import { startScreencast } from './screencast';

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
        if (persistTimer) clearTimeout(persistTimer);
        await stopCast?.().catch(() => undefined);
        if (this.running.get(run.submissionId) === state) this.running.delete(run.submissionId);
        this.emit(run.submissionId, { kind: 'end', at: Date.now() });
        await this.sink?.remove(run).catch(() => undefined);
      },
    };
  }
}
