// Deterministic "AI recap" used when no LLM endpoint is configured: a few plain sentences a founder can act on.
import type { ApplyResult, FailureCode } from './types';

const KEY_FIELDS: readonly [string, string][] = [
  ['founderEmail', 'e-mail'],
  ['companyName', 'company name'],
  ['website', 'website'],
  ['pitchDeck', 'deck link'],
  ['pitchDeckFile', 'deck file'],
];

const ADVICE: Record<FailureCode, string> = {
  unsafe_url: 'The firm URL points at a private or invalid address; check the firm record.',
  captcha: 'The form is protected by a CAPTCHA, so it has to be submitted by hand.',
  login_required:
    'The firm only accepts applications through an account on its portal; sign up there and apply manually.',
  file_upload_required: 'The form insists on an uploaded deck file; upload your deck there by hand.',
  no_form: "No application form was found; try the firm's contact e-mail or a warm introduction.",
  email_only: 'The firm takes pitches by e-mail only; send your deck to the address it lists.',
  value_not_kept:
    'A field on the form kept changing back after it was set, so nothing was sent; apply by hand or retry later.',
  needs_input:
    'The form asks questions your profile and saved answers do not answer; answer them and the application continues.',
  validation: 'The form rejected some answers; complete the missing profile fields and retry.',
  server_error: "The firm's website failed while receiving the application; retry later.",
  submit_rejected: "The firm's website refused the application; read its message before retrying.",
  no_confirmation:
    'The form gave no confirmation, so the application may not have arrived; check manually before retrying.',
  no_submit_button: 'No way to submit the form was found; apply manually.',
  http_error: "The firm's website answered with an error page; retry later.",
  navigation: 'The website could not be reached; a retry later is likely to work.',
  timeout: 'The website was too slow to respond; a retry later is likely to work.',
  browser: 'The browser stopped unexpectedly; a retry is likely to work.',
  internal: 'An unexpected problem stopped the run; a retry may work.',
};

function quote(s: string, max = 140): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return `"${t.length > max ? `${t.slice(0, max - 1)}…` : t}"`;
}

/** A short recap of one application attempt, written only from what the automation observed. */
export function analyseOutcome(result: ApplyResult, ctx: { firmName?: string } = {}): string {
  const firm = ctx.firmName ?? 'the firm';
  const n = result.fieldsFilled.length;
  const filled = new Set(result.fieldsFilled.map((f) => f.field));
  const keys = KEY_FIELDS.filter(([k]) => filled.has(k)).map(([, label]) => label);
  const fieldsSentence = n
    ? `${n} field${n === 1 ? '' : 's'} filled${keys.length ? ` (including ${keys.join(', ')})` : ''}.`
    : 'No fields were filled.';

  if (result.status === 'waiting_for_input') {
    const qs = (result.unansweredQuestions ?? []).map((q) => quote(q.question, 80)).join(', ');
    return `The application to ${firm} is waiting for your answers to ${qs || 'questions on the form'}. ${fieldsSentence} Nothing was sent; answer them and it continues from the form.`;
  }
  if (result.status === 'stopped')
    return `The application to ${firm} was stopped before it finished. ${fieldsSentence} Nothing was confirmed as submitted.`;

  if (result.status === 'completed') {
    if (result.subStatus === 'form_filled')
      return `Dry run for ${firm}: the form was found and ${fieldsSentence.charAt(0).toLowerCase()}${fieldsSentence.slice(1)} Nothing was sent.`;
    const conf = result.confirmationText
      ? `The site confirmed: ${quote(result.confirmationText)}.`
      : 'The site accepted the form without a written confirmation.';
    const missingDeck =
      filled.has('pitchDeck') || filled.has('pitchDeckFile')
        ? ''
        : ' The form did not ask for a deck link; consider following up with your deck.';
    return `Application to ${firm} submitted. ${fieldsSentence} ${conf}${missingDeck}`;
  }

  const code = result.errorCode ?? 'internal';
  const why = result.error ? ` Reason: ${quote(result.error, 200)}.` : '';
  const retry = result.errorKind === 'transient' ? ' This looks temporary.' : ' Retrying automatically will not help.';
  return `Application to ${firm} failed.${why} ${fieldsSentence} ${ADVICE[code]}${retry}`;
}
