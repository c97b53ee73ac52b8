// The review before sending: the automation fills a firm's form as it would, stops before
// pressing any submit button, and reports what it put where and from which source, plus what it would ask.
import { reviewFields, type FormReview } from '@fp/contracts';
import { applyToFirm } from './apply-to-firm';
import type { ApplyOptions, ApplyResult } from './types';

export interface ReviewedFirm {
  id: string;
  name: string;
  website: string | null;
}

/** The values given that the form does not accept, said in the summary too. */
const given = (notSent: { question: string; given: boolean }[]) => {
  const n = notSent.filter((x) => x.given).length;
  return n ? ` ${n === 1 ? 'One value' : `${n} values`} you gave cannot be sent: see “Not sent”.` : '';
};

/** The review table of a dry run's result: question → value → source, and the questions the run would ask. */
export function reviewOf(
  r: Pick<ApplyResult, 'status' | 'subStatus' | 'summary' | 'fieldsFilled' | 'unansweredQuestions' | 'notSent'>,
  firm: ReviewedFirm,
): FormReview {
  const fields = reviewFields(r.fieldsFilled);
  const questions = (r.unansweredQuestions ?? []).map(({ question, required, options }) => ({
    question,
    required,
    options,
  }));
  const notSent = (r.notSent ?? []).map(({ question, reason, given }) => ({ question, reason, given }));
  if (r.status === 'waiting_for_input')
    return {
      firm,
      status: 'needs_answers',
      summary: `Nothing was sent. The form needs ${questions.length === 1 ? 'an answer' : `${questions.length} answers`} from you first (later steps of the form are reviewed once these are answered).`,
      fields,
      questions,
      notSent,
    };
  if (r.status === 'completed' && r.subStatus === 'form_filled')
    return {
      firm,
      status: 'ready',
      summary: `Nothing was sent. This is what the application would send (${fields.length} field${fields.length === 1 ? '' : 's'}).${given(notSent)}`,
      fields,
      questions,
      notSent,
    };
  return { firm, status: 'failed', summary: r.summary, fields, questions, notSent };
}

/** Fills the firm's form without submitting it (a dry run) and returns its review. */
export async function reviewForm(
  opts: Omit<ApplyOptions, 'dryRun' | 'takeover'>,
  firm: ReviewedFirm,
): Promise<FormReview> {
  const r = await applyToFirm({ ...opts, dryRun: true });
  return reviewOf(r, firm);
}
