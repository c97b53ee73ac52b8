import type { Page } from 'playwright-core';
import type { DeckFile, DocumentFile } from './deck';
import { StoppedError } from './errors';
import type {
  ApplyStep,
  ApplyTimeouts,
  CheckboxChoices,
  FilledField,
  FounderAnswer,
  NotSentField,
  SentRequest,
  StartupProfile,
  TakeoverHook,
} from './types';

/** State shared by the steps of one application run. */
export interface RunContext {
  page: Page;
  profile: StartupProfile;
  deck: DeckFile | null;
  /** The founder's other documents (a CV, a financial model…), by kind. */
  documents: DocumentFile[];
  /** A deck URL made for this firm, sent where a form asks for a deck link (else the profile's pitchDeck). */
  deckUrl?: string | null;
  /** The founder's standing choices for agreements and opt-ins. */
  checkboxes?: CheckboxChoices;
  /** The founder's default message, for fields that ask for a message or a pitch only. */
  defaultMessage?: string | null;
  /** The founder's own answers (library), matched to custom questions by meaning. */
  answers: FounderAnswer[];
  timeouts: ApplyTimeouts;
  dryRun: boolean;
  maxPages: number;
  filled: FilledField[];
  /** Fields left empty, with why (the review and the proof list them beside the fields filled). */
  notSent: NotSentField[];
  /** Proof: the request that sent the form (set while verifying the submission). */
  proof: { sentRequest: SentRequest | null };
  /** Messages of alert/confirm dialogs, in order (some sites confirm with an alert). */
  dialogs: string[];
  step(s: ApplyStep): void;
  /** Throws StoppedError once the caller aborted; called before every action with side effects. */
  checkStopped(): void;
  log(msg: string): void;
  /** A person can take over the browser at a CAPTCHA or login wall (absent: those fail the run). */
  takeover?: TakeoverHook;
}

export function makeStopCheck(isStopped: () => boolean): () => void {
  return () => {
    if (isStopped()) throw new StoppedError();
  };
}

export function recordFilled(ctx: RunContext, field: string, label: string, value: string, source?: string): void {
  const existing = ctx.filled.find((f) => f.field === field && f.label === label);
  if (existing) {
    existing.value = value;
    if (source) existing.source = source;
  } else ctx.filled.push(source ? { field, label, value, source } : { field, label, value });
}
