import { MAX_ANSWERS, type AnswerEvent } from '@fp/contracts';
import { describe, it } from 'vitest';
import { DomainError } from '../../platform/decider';
import { given } from '../../testing/decider';
import { answersDecider } from './answers-decider';

const u = 'user-1';
const saved = (answerId: string, question: string, answer: string): AnswerEvent => ({
  type: 'AnswerSaved',
  data: { userId: u, answerId, question, answer },
});
const save = (answerId: string, question: string, answer: string) => ({
  type: 'SaveAnswer' as const,
  data: { userId: u, answerId, question, answer },
});

describe('answer library decider', () => {
  it('saves an answer to a new question', () => {
    given(answersDecider)
      .when(save('a1', 'Why now?', 'Rules changed.'))
      .then([saved('a1', 'Why now?', 'Rules changed.')]);
  });

  it('updates the answer a question already has, whatever its case or punctuation', () => {
    given(answersDecider, saved('a1', 'Why now?', 'Old.'))
      .when(save('a2', 'why now', 'New.'))
      .then([saved('a1', 'why now', 'New.')]);
  });

  it('records nothing when nothing changes', () => {
    given(answersDecider, saved('a1', 'Why now?', 'Same.'))
      .when(save('a2', 'Why now?', 'Same.'))
      .then([]);
  });

  it(`keeps at most ${MAX_ANSWERS}`, () => {
    const full = Array.from({ length: MAX_ANSWERS }, (_, i) => saved(`a${i}`, `Question ${i}`, 'x'));
    given(answersDecider, ...full)
      .when(save('more', 'One more?', 'x'))
      .thenThrows(DomainError, /up to 200 answers/);
    // Updating one of them still works.
    given(answersDecider, ...full)
      .when(save('more', 'Question 3', 'y'))
      .then([saved('a3', 'Question 3', 'y')]);
  });

  it('edits the question or the answer; a question another answer has is refused', () => {
    const h = [saved('a1', 'Why now?', 'A'), saved('a2', 'Why you?', 'B')];
    given(answersDecider, ...h)
      .when({ type: 'UpdateAnswer', data: { userId: u, answerId: 'a1', answer: 'C' } })
      .then([saved('a1', 'Why now?', 'C')]);
    given(answersDecider, ...h)
      .when({ type: 'UpdateAnswer', data: { userId: u, answerId: 'a1', question: 'WHY YOU' } })
      .thenThrows(DomainError, 'You already have an answer to this question');
    given(answersDecider, ...h)
      .when({ type: 'UpdateAnswer', data: { userId: u, answerId: 'a1', answer: 'A' } })
      .then([]);
  });

  it('edits and deletes only a live answer (404 otherwise)', () => {
    const gone = [
      saved('a1', 'Why now?', 'A'),
      { type: 'AnswerDeleted', data: { userId: u, answerId: 'a1' } } as AnswerEvent,
    ];
    given(answersDecider, ...gone)
      .when({ type: 'DeleteAnswer', data: { userId: u, answerId: 'a1' } })
      .thenThrows(DomainError, 'Answer not found');
    given(answersDecider, ...gone)
      .when({ type: 'UpdateAnswer', data: { userId: u, answerId: 'a1', answer: 'B' } })
      .thenThrows(DomainError, 'Answer not found');
    given(answersDecider, saved('a1', 'Why now?', 'A'))
      .when({ type: 'DeleteAnswer', data: { userId: u, answerId: 'a1' } })
      .then([{ type: 'AnswerDeleted', data: { userId: u, answerId: 'a1' } }]);
  });
});
