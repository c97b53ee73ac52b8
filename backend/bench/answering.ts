import { evaluateCorpus } from '@fp/contracts/testing';
import { QUESTION_THRESHOLD } from '@fp/contracts';
import { evaluateWholePath, type PathOutcome } from '@fp/workflows/testing';

const show = (o: PathOutcome) =>
  o.kind === 'value'
    ? `=${o.value}`
    : o.kind === 'option'
      ? `option:${o.label}`
      : o.kind === 'file'
        ? `file:${o.docKind}`
        : o.kind;

/**
 * `npm run bench -- answering`: the whole path first — every whole-path corpus entry through the automation's
 * own decisions (answer, value fitted to the control, option, upload, tick box): precision (what was sent and
 * right; aim 100 %), invented (sent where the founder gave nothing for that question; aim 0), wrong options and
 * coverage (what the founder gave, sent without asking; aim ≥ 90 %). Beside it, the label-only corpus (which
 * intent each question maps to). Pure, no database.
 */
export async function bench(): Promise<Record<string, unknown>> {
  const t0 = performance.now();
  const w = evaluateWholePath();
  const wholeMs = performance.now() - t0;
  const t1 = performance.now();
  const f = evaluateCorpus();
  const ms = performance.now() - t1;
  return {
    answering: {
      wholePath: {
        entries: w.entries,
        answerable: w.answerable,
        sent: w.sent,
        right: w.right,
        precision: w.precision,
        invented: w.invented,
        wrongOptions: w.wrongOptions,
        wrongOther: w.wrongOther,
        coverage: w.coverage,
        msPerEntry: Math.round((wholeMs / w.entries) * 1000) / 1000,
        failures: w.failures.map((r) => ({
          question: r.entry.question,
          expected: show(r.entry.expected),
          got: show(r.got),
        })),
        missed: w.missed.map((r) => ({ question: r.entry.question, expected: show(r.entry.expected), why: r.why })),
      },
      labelOnly: {
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
    },
  };
}
