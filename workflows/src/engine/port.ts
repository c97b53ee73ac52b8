// The workflow port: what the submission workflow needs from the application, and what the
// application needs from a workflow engine. Two engines implement it: DBOS Transact (embedded
// default, on our Postgres) and Temporal (TEMPORAL_ADDRESS).
import type { DeckFile, DocumentFile } from '../automation/deck';
import type { CheckboxChoices, FounderAnswer, StartupProfile, TakeoverReason } from '../automation/types';
import type { DiscoveryRun } from './discovery';

/** One attempt of one submission: the unit a workflow runs. */
export interface SubmissionRun {
  submissionId: string;
  attemptId: string;
  /**
   * The run of the attempt after its nth pause for the founder's answers (absent or 0: the first).
   * A pause ends the workflow; the answers start a new one for the same attempt.
   */
  phase?: number;
}

/** The engine-independent id of one run: the attempt id, then `<attempt id>.<phase>` for runs after a pause. */
export const runKey = (run: SubmissionRun) => (run.phase ? `${run.attemptId}.${run.phase}` : run.attemptId);

export type EngineKind = 'dbos' | 'temporal';

/** The attempt as the application knows it when the workflow asks. */
export interface AttemptInfo {
  submissionId: string;
  attemptId: string;
  /** The submission's current attempt (another one means this run was superseded). */
  currentAttemptId: string;
  userId: string;
  vcFirmId: string;
  test: boolean;
  firmName: string;
  website: string | null;
  status: 'pending' | 'processing' | 'completed' | 'failed' | 'stopped';
  /** The form was filled and about to be sent when the last run of this attempt ended (a crash). */
  formFilled: boolean;
  stopRequested: boolean;
}

/** How an attempt ended: the one outcome type, shared with the submission decider. */
import type { AttemptOutcome } from '@fp/contracts';
export type { AttemptOutcome };

/**
 * The application side of the workflow (the backend's submissions module implements it): every
 * method is idempotent, because an engine may run a step again after a crash.
 */
export interface SubmissionStorePort {
  load(run: SubmissionRun): Promise<AttemptInfo | null>;
  /** pending → processing; false when the attempt must not run (stopped, finished, superseded). */
  begin(run: SubmissionRun, taskId: string, engine: EngineKind): Promise<boolean>;
  liveViewOpened(run: SubmissionRun): Promise<void>;
  formFilled(run: SubmissionRun): Promise<void>;
  /** Records the terminal state and refunds the credit when the policy says so. */
  finish(run: SubmissionRun, outcome: AttemptOutcome): Promise<void>;
  profile(userId: string): Promise<StartupProfile>;
  /** The founder's current pitch deck file, read at run time (null when none was uploaded). */
  deck(userId: string): Promise<DeckFile | null>;
  /** The founder's other documents (a CV, a financial model…), read at run time. */
  documents(userId: string): Promise<DocumentFile[]>;
  /** The founder's answer library (their own answers and the profile's long fields). */
  answers(userId: string): Promise<FounderAnswer[]>;
  /** The founder's standing choices (Settings), read at run time: how checkboxes are answered and the default message. */
  choices(userId: string): Promise<{ checkboxes: CheckboxChoices; defaultMessage: string | null }>;
  /**
   * The founder's tracked deck link for this application (deck links: one per submission, the same on
   * a retry), sent wherever the firm's form asks for a link to the deck; null when no deck was uploaded.
   */
  deckUrl(run: SubmissionRun, userId: string, firmId: string): Promise<string | null>;
  /**
   * The run asks its founder to take over the browser until `deadline` (a CAPTCHA, a login wall);
   * false when it must not wait (stopped, superseded): then it goes on as without a takeover.
   */
  takeoverRequested(
    run: SubmissionRun,
    request: { reason: TakeoverReason; message: string; deadline: string },
  ): Promise<boolean>;
  /** The wait is over: handed back (continued), stopped, or nobody came before the deadline (expired). */
  takeoverEnded(run: SubmissionRun, how: 'continued' | 'stopped' | 'expired'): Promise<void>;
  /** Keeps the attempt's proof (final screenshot, page HTML); answers which of them were stored. */
  saveProof(run: SubmissionRun, userId: string, proof: AttemptProof): Promise<{ screenshot: boolean; html: boolean }>;
}

export interface AttemptProof {
  screenshot: Buffer | null;
  html: string | null;
}

/** The three activities every engine runs, in this order, for one attempt. */
export interface SubmissionActivities {
  begin(run: SubmissionRun, taskId: string, engine: EngineKind): Promise<boolean>;
  /** Runs the browser once. Never throws for an expected failure: a transient one comes back with errorKind 'transient'. */
  apply(
    run: SubmissionRun,
    hooks?: { signal?: AbortSignal; heartbeat?: (step: string) => void },
  ): Promise<AttemptOutcome>;
  finish(run: SubmissionRun, outcome: AttemptOutcome): Promise<void>;
}

export interface WorkflowEngine {
  readonly kind: EngineKind;
  /** This worker's stable name (DBOS executor id; Temporal worker identity): whose dispatches the fair queue counts. */
  readonly workerId?: string;
  /** Starts one durable workflow per run; a run already started is left alone (idempotent). */
  enqueue(runs: SubmissionRun[]): Promise<void>;
  /** Asks a running attempt to stop (the workflow records the outcome). */
  requestStop(run: SubmissionRun): Promise<void>;
  /** The engine's id for the run, shown to founders as taskId. */
  taskId(run: SubmissionRun): string;
  /** Starts the registry's discovery run as a durable workflow (idempotent); engines given discovery activities only. */
  startDiscovery?(run: DiscoveryRun): Promise<void>;
  close(): Promise<void>;
}

/** Transient failures are tried again this many times in all, with exponential backoff. */
export const MAX_TRIES = 3;
export const backoffMs = (failedTries: number) => Math.min(1000 * 2 ** (failedTries - 1), 8000);

/**
 * Whether a run's outcome calls for another try: a transient fault (navigation timeout, browser
 * crash) that struck before the form was sent. After sending, trying again could apply twice.
 */
export const shouldTryAgain = (outcome: AttemptOutcome, tries: number): boolean =>
  outcome.status === 'failed' && outcome.errorKind === 'transient' && !outcome.formSent && tries < MAX_TRIES;
