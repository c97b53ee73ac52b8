// Pure heuristics a careful human uses to move around a firm's website: which link leads to the
// application, which button advances a form, and what the page says after submitting.
import { normalizeText } from './field-mapping';

export type ButtonRole = 'submit' | 'next' | 'back' | 'start' | 'reset' | 'login' | 'other';

/** What clicking this button would do, judged from its text (and type=submit when it has no text). */
export function classifyButton(text: string, type?: string): ButtonRole {
  const t = normalizeText(text);
  const raw = text.trim();
  if (/^(back|previous|prev|go back)\b/.test(t) || /^[←‹<]$/.test(raw)) return 'back';
  if (/\b(clear|reset|cancel|delete|remove|close|dismiss)\b/.test(t)) return 'reset';
  if (/\b(sign in|log ?in|sign up|create (an )?account|register)\b/.test(t)) return 'login';
  if (/\b(subscribe|search|download|accept (all )?cookies|reject|menu)\b/.test(t)) return 'other';
  if (
    /^(next|continue|ok|proceed|weiter|suivant)\b|\bnext( step| page| question)?\b|save (and|&) continue|\bcontinue\b/.test(
      t,
    ) ||
    /^[→›>]$/.test(raw)
  )
    return 'next';
  if (/^(start|begin|let'?s go|get started)\b|start (the |your )?application|begin application/.test(t)) return 'start';
  if (/\b(submit|send|apply|finish|complete|done|pitch us|request|get in touch)\b/.test(t)) return 'submit';
  if (!t && (type ?? '').toLowerCase() === 'submit') return 'submit';
  return 'other';
}

const STRONG =
  /\bapply\b|\bapplication\b|submit (a |an |your )?(pitch|deck|startup|company|idea|business|application)|pitch us|pitch to us|send (us )?(a |an |your )?(pitch|deck)|for founders|founders? (form|portal|application)|get funded|raise with us|\bpitch\b/;
const MEDIUM = /\bcontact\b|get in touch|reach out|talk to us|work with us|say hello|\bconnect\b/;
const LOW = /\babout\b|approach|\bfounders?\b|\bteam\b|portfolio|companies|\bfaq\b|what we do|thesis|strategy|how we/;
const NEGATIVE =
  /career|\bjobs?\b|hiring|join (our|the) team|\blog ?in\b|sign in|privacy|\bterms\b|cookie|\bpress\b|\bnews\b|\bblog\b|podcast|linkedin|twitter|facebook|instagram|youtube|medium com|\bevents?\b/;

/**
 * How promising a link is as a way to the application form: 10+ = apply/pitch, 6 = contact, 3 = about-ish,
 * 0 = ignore, negative = never follow. `href` is absolute.
 */
export function scoreLink(text: string, href: string): number {
  if (/^(mailto|tel|javascript|data):/i.test(href)) return -1;
  const t = normalizeText(text);
  let path = '';
  try {
    const u = new URL(href);
    path = normalizeText(decodeURIComponent(u.pathname + u.hash));
  } catch {
    return -1;
  }
  if (/\.(pdf|zip|png|jpe?g|gif|svg|mp4|docx?|pptx?)$/i.test(href)) return -1;
  const jobContext = /career|\bjobs?\b|hiring|position|role/.test(t) || /career|\bjobs?\b/.test(path);
  if (STRONG.test(t) && !jobContext) return 10 + (/apply|pitch|submit|application|founder/.test(path) ? 2 : 0);
  if (NEGATIVE.test(t) || NEGATIVE.test(path)) return -1;
  if (!t && /\b(apply|pitch|submit|application)\b/.test(path)) return 9;
  if (MEDIUM.test(t)) return 6;
  if (/\bcontact\b/.test(path)) return 5;
  if (LOW.test(t)) return 3;
  if (/\b(about|founders|team|portfolio)\b/.test(path)) return 2;
  return 0;
}

const SUCCESS_TEXT =
  /\bthanks?\b|\bthank you\b|\breceived\b|be in touch|get back to you|(has|have) been (submitted|sent|recorded|received)|successfully (submitted|sent|received|applied)|submission (was )?(successful|received|complete)|response (has been )?recorded|application (is in|complete|submitted|sent)|\bsubmitted\b|got your (application|pitch|message)|we('ve| have) (got|received)|message (has been )?sent|we('ll| will) (review|reach out|contact|reply|respond)/i;

const ERROR_TEXT =
  /\berror\b|\bfailed\b|\bfailure\b|went wrong|try again|\binvalid\b|not valid|(is|are) required|required field|required question|please (answer|complete|fill|enter|provide|correct|select|check|attach|upload)|could ?n[o']t|unable to|not accepting|(are|is) (currently )?closed|too many requests|forbidden|access denied|rejected|not allowed|unexpected condition|doesn't look right/i;

/** A sentence that reads as a confirmation and not as an error. */
export function isSuccessText(s: string): boolean {
  return SUCCESS_TEXT.test(s) && !ERROR_TEXT.test(s);
}

export function isErrorText(s: string): boolean {
  return ERROR_TEXT.test(s);
}

/** Thank-you style landing URLs after a post/redirect/get. */
export function isThankYouUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return /thank|success|confirm|submitted|complete|received|formresponse|merci|danke/i.test(u.pathname + u.hash);
  } catch {
    return false;
  }
}
