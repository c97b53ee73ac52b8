// Where the answer to a form's question comes from: the founder's own answer, a profile field, or nobody (ask).
// The founder's word comes first: their answer to this very question, then their answer to a question that
// resolves to the same intent, and only then the profile's value for that intent.
import { questionSimilarity, questionWords, sameQuestion } from '../profile/answer-matching';
import type { Intent } from './intents';
import {
  askingClauses,
  decideQuestion,
  normaliseQuestion,
  partiesOf,
  wantedKinds,
  type AskReason,
  type QuestionInput,
} from './question-model';

/** At or above this similarity (and with the same parties, kind and single ask) a saved answer answers a question. */
const LIBRARY_THRESHOLD = 0.6;

export interface SavedAnswer {
  question: string;
  answer: string;
}

export type Resolution<T extends SavedAnswer = SavedAnswer> =
  /** The founder's own answer (`intent`: the profile intent both questions resolve to, when they do). */
  | { from: 'answer'; entry: T; intent: Intent | null; why: string }
  /** A profile-derived value (or a setting, for checkboxes). */
  | { from: 'profile'; intent: Intent; why: string }
  /** Nobody has answered this: the founder must (or the field stays empty when optional). */
  | { from: 'ask'; reason: AskReason; why: string; nearest?: string };

/** Both questions want the same kind of value ("who" and free text aside: a person can be described in words). */
function sameKinds(a: string, b: string): boolean {
  const strict = (t: string) => wantedKinds(t, { text: t }).filter((k) => k !== 'free_text' && k !== 'person_name');
  const ka = strict(a);
  const kb = strict(b);
  if (!ka.length && !kb.length) return true;
  return ka.some((k) => kb.includes(k));
}

function sameParties(a: string, b: string): boolean {
  const pa = partiesOf(normaliseQuestion(a)).sort().join();
  const pb = partiesOf(normaliseQuestion(b)).sort().join();
  return pa === pb;
}

/** Words a question may add to a saved one without asking something else ("for your company", "where did you hear…"). */
const LOOSE = new Set(['company', 'startup', 'business', 'venture', 'where', 'how', 'main', 'key']);

/** Every meaningful word of the form's question is in the saved question: it asks nothing the saved answer does not cover. */
function covered(question: string, saved: string): boolean {
  // "Describe your company and the market size" asks two things even without a second question mark.
  if (/\band\b/i.test(question) && !/\band\b/i.test(saved)) return false;
  const have = new Set(questionWords(saved));
  return questionWords(question).every((w) => have.has(w) || LOOSE.has(w));
}

/** The saved answer that means the same as `question` (same parties, same kind of value, one ask, nothing more asked), or null. */
function libraryMatch<T extends SavedAnswer>(
  question: string,
  library: readonly T[],
): { entry: T; score: number } | null {
  const compound = askingClauses(question).length > 1;
  let best: { entry: T; score: number } | null = null;
  for (const entry of library) {
    const score = questionSimilarity(question, entry.question);
    if (score < LIBRARY_THRESHOLD || (best && score <= best.score)) continue;
    if (compound !== askingClauses(entry.question).length > 1) continue;
    if (
      !sameParties(question, entry.question) ||
      !sameKinds(question, entry.question) ||
      !covered(question, entry.question)
    )
      continue;
    best = { entry, score };
  }
  return best;
}

/**
 * Resolves one question of a form. `library` holds the founder's own answers (their library and the
 * answers they gave in "Needs your answers"); profile values are the caller's to read for the intent.
 */
export function resolveQuestion<T extends SavedAnswer>(q: QuestionInput, library: readonly T[]): Resolution<T> {
  const decision = decideQuestion(q);
  const control = (q.control ?? '').toLowerCase();
  const text = q.text.trim() || q.hint?.trim() || '';
  if (decision.answer && (decision.intent.control || decision.intent.checkboxOnly))
    return { from: 'profile', intent: decision.intent, why: decision.why };
  if (control === 'checkbox' || control === 'file')
    return { from: 'ask', reason: decision.answer ? 'no_intent' : decision.reason, why: decision.why };

  // 1. Their answer to this very question.
  const same = text ? library.find((e) => sameQuestion(e.question, text)) : undefined;
  if (same)
    return {
      from: 'answer',
      entry: same,
      intent: decision.answer ? decision.intent : null,
      why: 'your answer to this question',
    };

  if (decision.answer) {
    // 2. Their answer to another wording of the same intent beats the profile's value for it.
    const intent = decision.intent;
    const theirs = library.find((e) => {
      const d = decideQuestion({ text: e.question });
      return d.answer && d.intent.id === intent.id;
    });
    if (theirs)
      return { from: 'answer', entry: theirs, intent, why: `your answer to "${theirs.question}" (${intent.id})` };
    return { from: 'profile', intent, why: decision.why };
  }
  // 3. Their answer to a question that means the same, where no profile intent covers this one.
  if (text && decision.reason !== 'identifier') {
    const hit = libraryMatch(text, library);
    if (hit)
      return {
        from: 'answer',
        entry: hit.entry,
        intent: null,
        why: `your answer to "${hit.entry.question}" (similarity ${hit.score.toFixed(2)})`,
      };
  }
  return { from: 'ask', reason: decision.reason, why: decision.why, nearest: decision.nearest };
}
