import type { Browser, Page } from 'playwright-core';
import type { ProfileField, StartupProfile, TakeoverReason } from '@fp/contracts';
import type { DeckFile, DocumentFile } from './deck';

/** What a form field asks for: a profile field, a value derived from the profile, or something we must not/cannot fill. */
export type FieldTarget =
  | ProfileField
  | 'firstName'
  | 'lastName'
  | 'role'
  | 'message'
  | 'consent'
  | 'marketingOptIn'
  | 'phone'
  | 'password'
  | 'captcha'
  | 'referral'
  | 'search'
  /** The profile's revenue as the answer to "What traction do you have?". */
  | 'traction'
  /** The founder's own answer to a question no profile field answers. */
  | 'answer';

/**
 * Standing choices for checkboxes: newsletter and marketing opt-ins (`ask`: only when the founder answered
 * that box's question with yes; `yes`; `no`), and whether an application's terms or privacy notice may be
 * accepted for them (false: a required agreement is asked of the founder, form by form).
 */
export interface CheckboxChoices {
  optIns: 'ask' | 'yes' | 'no';
  acceptTerms: boolean;
}
/** Nothing is agreed to or subscribed for the founder unless they allowed it in Settings. */
export const DEFAULT_CHECKBOX_CHOICES: CheckboxChoices = { optIns: 'no', acceptTerms: false };

export type ApplyStep = 'navigating' | 'finding form' | 'filling' | 'submitting' | 'verifying';

/** waiting_for_input: a required question has no answer from the profile or the founder's answers; nothing was sent. */
type ApplyStatus = 'completed' | 'failed' | 'stopped' | 'waiting_for_input';
type ApplySubStatus = 'submitted' | 'form_filled' | 'navigating' | 'error' | 'stopped' | 'waiting_for_input';

export type FailureCode =
  | 'unsafe_url'
  | 'captcha'
  | 'login_required'
  | 'file_upload_required'
  | 'no_form'
  | 'email_only'
  | 'validation'
  | 'value_not_kept'
  | 'needs_input'
  | 'server_error'
  | 'submit_rejected'
  | 'no_confirmation'
  | 'no_submit_button'
  | 'http_error'
  | 'navigation'
  | 'timeout'
  | 'browser'
  | 'internal';

export interface FilledField {
  field: string;
  label: string;
  value: string;
  /**
   * Where the value came from: `profile:<field>`, `answer:<the founder's question>`, `deck-link`,
   * `setting:accept-terms`, `setting:opt-ins`, `setting:default-message`, `deck-file`, `live-view` (set by the founder on the live view).
   */
  source?: string;
}

/** A field of the form left empty, and why: with the fields filled and the questions, every field is accounted for. */
export interface NotSentField {
  question: string;
  reason: string;
  /** A value was given (the founder's answer or the profile's) that the control does not accept. */
  given: boolean;
}

/** The request that sent the form, as seen on the network (method, URL, HTTP status). */
export interface SentRequest {
  method: string;
  url: string;
  status: number;
}

/** A question on the form that the profile and the founder's answers do not answer. */
export interface FormQuestion {
  question: string;
  required: boolean;
  /** The choices offered (select, radio, cards), or null for free text. */
  options: string[] | null;
}

/** One answer the founder gave or approved (their library): only these, and the profile, are ever sent. */
export interface FounderAnswer {
  question: string;
  answer: string;
  /** `profile`: one of the profile's long fields shown in the library; the question model answers those from the profile itself. */
  source?: 'saved' | 'profile';
}

export interface ApplyResult {
  status: ApplyStatus;
  subStatus: ApplySubStatus;
  summary: string;
  fieldsFilled: FilledField[];
  confirmationText: string | null;
  error: string | null;
  screenshot: Buffer | null;
  errorKind?: 'transient' | 'permanent';
  /** Machine-readable reason for a failure, for the recap and for retry policy. */
  errorCode?: FailureCode;
  finalUrl?: string;
  /** Proof: the request that sent the form, once the submit was clicked (null before). */
  sentRequest?: SentRequest | null;
  /** Proof: the page's HTML when the run ended (at the confirmation when it completed). */
  pageHtml?: string | null;
  /** status waiting_for_input: the questions the founder must answer before the form can be sent. */
  unansweredQuestions?: FormQuestion[];
  /** Fields of the form left empty, each with its reason (a given value the control refused, or nobody gave one). */
  notSent?: NotSentField[];
}

export interface ApplyTimeouts {
  /** One page load (goto). */
  navigationMs: number;
  /** One click/fill. */
  actionMs: number;
  /** How long to wait for a form rendered by scripts after load. */
  formWaitMs: number;
  /** How long to wait for a confirmation after clicking submit. */
  verifyMs: number;
  /** The wait goes on past verifyMs while the page is busy or the submission request is in flight, up to this. */
  verifyMaxMs: number;
  /** Give up when a submit click caused no request, navigation or text change for this long. */
  quietMs: number;
  /** Whole run. */
  totalMs: number;
}

export interface ApplyOptions {
  url: string;
  profile: StartupProfile;
  /** Shared browser; when absent a Chromium is launched and closed for this run. */
  browser?: Browser;
  dryRun?: boolean;
  allowPrivate?: boolean;
  /** host[:port] list (array or comma-separated, like AUTOMATION_ALLOWED_HOSTS) exempt from the private-address ban. */
  allowedHosts?: string[] | string;
  onStep?: (step: ApplyStep) => void;
  onPage?: (page: Page) => void;
  signal?: AbortSignal;
  timeouts?: Partial<ApplyTimeouts>;
  /** The pitch deck PDF, attached wherever the form asks for a deck or any PDF file. */
  deck?: DeckFile;
  /** The founder's other documents, each attached only to an upload asking for its kind (never guessed). */
  documents?: DocumentFile[];
  /**
   * A deck URL made for this firm (deck links): sent wherever a form asks for a link to the deck, in place of
   * the profile's pitchDeck URL. Absent: the profile's.
   */
  deckUrl?: string | null;
  /**
   * The founder's standing choices for checkboxes. Absent: DEFAULT_CHECKBOX_CHOICES
   * (opt-ins never, agreements never: a required one is asked of the founder).
   */
  checkboxes?: CheckboxChoices;
  /**
   * The founder's default message (Settings): sent only into fields that ask for a message,
   * a pitch or a cover note (source `setting:default-message`). Absent: such fields get only the founder's
   * answer to that question, or are asked when required.
   */
  defaultMessage?: string | null;
  /**
   * The founder's answers (their library), matched to a form's own questions by meaning. A required
   * question none of them answers ends the run waiting_for_input before anything is sent.
   */
  answers?: FounderAnswer[];
  /** Caps link-following while looking for the application form. */
  maxPages?: number;
  /**
   * Offered a CAPTCHA or a login wall, the run asks a person to take over its browser (the live
   * view) instead of failing; the run's overall time limit does not run while it waits. Absent: the
   * run fails there as it always did.
   */
  takeover?: TakeoverHook;
}

export type { StartupProfile, TakeoverReason };
/** continue: the person handed the page back; stop: stopped; expired: nobody took over in time. */
export type TakeoverDecision = 'continue' | 'stop' | 'expired';
export type TakeoverHook = (request: {
  reason: TakeoverReason;
  message: string;
  page: Page;
}) => Promise<TakeoverDecision>;

export const DEFAULT_TIMEOUTS: ApplyTimeouts = {
  navigationMs: 25_000,
  actionMs: 6_000,
  formWaitMs: 8_000,
  verifyMs: 15_000,
  verifyMaxMs: 45_000,
  quietMs: 4_000,
  totalMs: 150_000,
};
