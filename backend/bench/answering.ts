import { evaluateCorpus } from '@fp/contracts/testing';
import { QUESTION_THRESHOLD } from '@fp/contracts';

/**
 * `npm run bench -- answering`: resolves the labelled corpus of application questions with the
 * question model and prints precision (automatic answers that are right; aim 100 %) and coverage
 * (answerable questions answered without asking the founder; aim ≥ 80 %). Pure, no database.
 */
export async function bench(): Promise<Record<string, unknown>> {
  const t0 = performance.now();
  const f = evaluateCorpus();
  const ms = performance.now() - t0;
  return {
    answering: {
      questions: f.questions,
      answerable: f.answerable,
      askFounder: f.questions - f.answerable,
      answeredAutomatically: f.answeredAutomatically,
      wrongAutomatic: f.wrongAutomatic,
      precision: f.precision,
      coverage: f.coverage,
      threshold: QUESTION_THRESHOLD,
      msPerQuestion: Math.round((ms / f.questions) * 1000) / 1000,
      wrong: f.wrong.map((o) => ({ question: o.entry.question, expected: o.entry.expected, got: o.got })),
      missed: f.missedExamples.map((o) => ({ question: o.entry.question, expected: o.entry.expected, why: o.why })),
    },
  };
}
