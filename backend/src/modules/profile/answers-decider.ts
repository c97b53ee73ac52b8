import { ANSWER_NOT_FOUND, MAX_ANSWERS, TOO_MANY_ANSWERS, sameQuestion, type AnswerEvent } from '@fp/contracts';
import { DomainError, type Decider, type CommandOf } from '../../platform/decider';

export interface AnswersState {
  /** Live answers by id. */
  answers: Map<string, { question: string; answer: string }>;
}

export type AnswerCommand =
  /** Saves an answer to a question: a question already in the library (same words) is updated in place. */
  | { type: 'SaveAnswer'; data: { userId: string; answerId: string; question: string; answer: string } }
  | { type: 'UpdateAnswer'; data: { userId: string; answerId: string; question?: string; answer?: string } }
  | { type: 'DeleteAnswer'; data: { userId: string; answerId: string } };

function mustExist(state: AnswersState, answerId: string) {
  const a = state.answers.get(answerId);
  if (!a) throw new DomainError(ANSWER_NOT_FOUND, 404, 'not_found');
  return a;
}

/**
 * A founder's answer library. Rules: one answer per question (a question saved again, in any case
 * or punctuation, updates the answer it had); at most MAX_ANSWERS; a save that changes nothing
 * records nothing; an unknown or deleted answer is a 404.
 */
export const answersDecider: Decider<AnswersState, AnswerCommand, AnswerEvent> = {
  initialState: () => ({ answers: new Map() }),

  evolve(state, event) {
    switch (event.type) {
      case 'AnswerSaved':
        return {
          answers: new Map(state.answers).set(event.data.answerId, {
            question: event.data.question,
            answer: event.data.answer,
          }),
        };
      case 'AnswerDeleted': {
        const answers = new Map(state.answers);
        answers.delete(event.data.answerId);
        return { answers };
      }
    }
  },

  decide(cmd, state) {
    switch (cmd.type) {
      case 'SaveAnswer':
        return saveAnswer(cmd, state);
      case 'UpdateAnswer':
        return updateAnswer(cmd, state);
      case 'DeleteAnswer':
        return deleteAnswer(cmd, state);
    }
  },
};

function saveAnswer(cmd: CommandOf<AnswerCommand, 'SaveAnswer'>, state: AnswersState): AnswerEvent[] {
  const { userId, question, answer } = cmd.data;
  const same = [...state.answers].find(([, a]) => sameQuestion(a.question, question));
  const answerId = same ? same[0] : cmd.data.answerId;
  const before = state.answers.get(answerId);
  if (before && before.answer === answer && before.question === question) return [];
  if (!before && state.answers.size >= MAX_ANSWERS) throw new DomainError(TOO_MANY_ANSWERS, 409, 'too_many');
  return [{ type: 'AnswerSaved', data: { userId, answerId, question, answer } }];
}

function updateAnswer(cmd: CommandOf<AnswerCommand, 'UpdateAnswer'>, state: AnswersState): AnswerEvent[] {
  const { userId, answerId } = cmd.data;
  const before = mustExist(state, answerId);
  const question = cmd.data.question ?? before.question;
  const answer = cmd.data.answer ?? before.answer;
  const clash = [...state.answers].find(([id, a]) => id !== answerId && sameQuestion(a.question, question));
  if (clash) throw new DomainError('You already have an answer to this question', 409, 'question_taken');
  if (question === before.question && answer === before.answer) return [];
  return [{ type: 'AnswerSaved', data: { userId, answerId, question, answer } }];
}

function deleteAnswer(cmd: CommandOf<AnswerCommand, 'DeleteAnswer'>, state: AnswersState): AnswerEvent[] {
  mustExist(state, cmd.data.answerId);
  return [{ type: 'AnswerDeleted', data: { userId: cmd.data.userId, answerId: cmd.data.answerId } }];
}
