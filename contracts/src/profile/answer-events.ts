/**
 * Events of a founder's answer library: stream `answers-<userId>` (one per founder, so the decider
 * checks "one answer per question" across all of them). An answer is the founder's own words for a
 * question a form may ask; the automation sends only these, the profile's fields and nothing else.
 */
type AnswerSaved = {
  type: 'AnswerSaved';
  data: { userId: string; answerId: string; question: string; answer: string };
};
type AnswerDeleted = { type: 'AnswerDeleted'; data: { userId: string; answerId: string } };
export type AnswerEvent = AnswerSaved | AnswerDeleted;
export const ANSWER_EVENT_TYPES = ['AnswerSaved', 'AnswerDeleted'] as const;
export const answersStream = (userId: string) => `answers-${userId}`;
