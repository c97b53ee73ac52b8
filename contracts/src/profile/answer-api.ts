import { z } from 'zod';
import type { ProfileField, StartupProfile } from './fields';

export const MAX_ANSWERS = 200;
export const ANSWER_NOT_FOUND = 'Answer not found';
export const TOO_MANY_ANSWERS = `You can keep up to ${MAX_ANSWERS} answers. Delete one to save another.`;
export const PROFILE_ANSWER_READ_ONLY =
  'This answer comes from your startup profile: edit it there, or save your own answer to the question.';

export const ANSWER_QUESTION_MAX = 500;
export const ANSWER_TEXT_MAX = 10_000;

const question = z
  .string({ error: 'question is required' })
  .trim()
  .min(1, 'question is required')
  .max(ANSWER_QUESTION_MAX, `question must be at most ${ANSWER_QUESTION_MAX} characters`);
const answer = z
  .string({ error: 'answer is required' })
  .trim()
  .min(1, 'answer is required')
  .max(ANSWER_TEXT_MAX, `answer must be at most ${ANSWER_TEXT_MAX.toLocaleString('en-US')} characters`);

/** POST /api/answers */
export const SaveAnswerRequest = z.strictObject({ question, answer });
export type SaveAnswerRequest = z.output<typeof SaveAnswerRequest>;
/** PATCH /api/answers/{id} */
export const UpdateAnswerRequest = z
  .strictObject({ question: question.optional(), answer: answer.optional() })
  .refine((b) => b.question !== undefined || b.answer !== undefined, 'Give a question or an answer to change');
export type UpdateAnswerRequest = z.output<typeof UpdateAnswerRequest>;

export interface LibraryAnswer {
  /** `profile:<field>` for an answer taken from the startup profile (read-only here). */
  id: string;
  question: string;
  answer: string;
  source: 'saved' | 'profile';
  /** The profile field it comes from (source profile). */
  field: ProfileField | null;
  updatedAt: string | null;
}
export interface AnswersResponse {
  answers: LibraryAnswer[];
}

/**
 * The profile's long fields as questions: the library starts from these, so the founder's profile
 * answers a form's "What problem are you solving?" without being typed twice. Wording is ours.
 */
const PROFILE_QUESTIONS: readonly { field: ProfileField; question: string }[] = [
  { field: 'problem', question: 'What problem are you solving?' },
  { field: 'solution', question: 'What is your solution?' },
  { field: 'valueProposition', question: 'What is your value proposition?' },
  { field: 'revenue', question: 'What traction do you have?' },
  { field: 'existingFunding', question: 'How much have you raised so far?' },
  { field: 'additionalFounders', question: 'Who is on your founding team?' },
  { field: 'oneLineExplanation', question: 'Describe your company in one sentence.' },
  { field: 'description', question: 'What does your company do?' },
  { field: 'detailedDescription', question: 'Describe your company in detail.' },
];

/** The profile's answers, for the questions the founder has not answered in their own words. */
export function profileAnswers(profile: StartupProfile): LibraryAnswer[] {
  const out: LibraryAnswer[] = [];
  for (const { field, question } of PROFILE_QUESTIONS) {
    const v = profile[field]?.trim();
    if (v) out.push({ id: `profile:${field}`, question, answer: v, source: 'profile', field, updatedAt: null });
  }
  return out;
}
