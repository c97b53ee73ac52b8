// Resolves every corpus question with the question model and scores it: precision (automatic answers that
// are right) and coverage (answerable questions answered without asking). Used by the unit test and the bench.
import { CORPUS, CORPUS_LIBRARY, corpusInput, type CorpusEntry } from './corpus';
import { resolveQuestion } from './resolve';

interface CorpusOutcome {
  entry: CorpusEntry;
  /** What the model did: an intent id, `answer:<key>`, or `ask`. */
  got: string;
  why: string;
}

export interface CorpusFigures {
  questions: number;
  /** Questions whose right outcome is an automatic answer (an intent or a library answer). */
  answerable: number;
  answeredAutomatically: number;
  correctAutomatic: number;
  wrongAutomatic: number;
  /** correct automatic answers / automatic answers. */
  precision: number;
  /** correct automatic answers / answerable questions. */
  coverage: number;
  /** answerable questions sent to the founder although an intent or their answer covers them. */
  missed: number;
  wrong: CorpusOutcome[];
  missedExamples: CorpusOutcome[];
}

const library = Object.entries(CORPUS_LIBRARY).map(([key, question]) => ({ key, question, answer: `(${key})` }));

function resolveCorpusEntry(entry: CorpusEntry): CorpusOutcome {
  const r = resolveQuestion(corpusInput(entry), library);
  const got = r.from === 'ask' ? 'ask' : r.from === 'answer' ? `answer:${r.entry.key}` : r.intent.id;
  return { entry, got, why: r.why };
}

export function evaluateCorpus(entries: readonly CorpusEntry[] = CORPUS): CorpusFigures {
  const outcomes = entries.map(resolveCorpusEntry);
  const automatic = outcomes.filter((o) => o.got !== 'ask');
  const correct = automatic.filter((o) => o.got === o.entry.expected);
  const wrong = automatic.filter((o) => o.got !== o.entry.expected);
  const answerable = outcomes.filter((o) => o.entry.expected !== 'ask');
  const missed = answerable.filter((o) => o.got === 'ask');
  const round = (x: number) => Math.round(x * 10_000) / 10_000;
  return {
    questions: outcomes.length,
    answerable: answerable.length,
    answeredAutomatically: automatic.length,
    correctAutomatic: correct.length,
    wrongAutomatic: wrong.length,
    precision: automatic.length ? round(correct.length / automatic.length) : 1,
    coverage: answerable.length ? round(correct.length / answerable.length) : 1,
    missed: missed.length,
    wrong,
    missedExamples: missed,
  };
}
