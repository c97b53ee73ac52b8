import { ANSWER_EVENT_TYPES, type AnswerEvent } from '@fp/contracts';
import type { RecordedEvent } from '@fp/infra';
import { eventTime } from '@fp/infra';
import { eachEvent, type Projection } from '@fp/projections';

const at = eventTime;

/** profile_answers: one row per live answer of each founder's library (answers-<userId> streams). */
export const profileAnswersProjection: Projection = {
  name: 'profile_answers',
  eventTypes: [...ANSWER_EVENT_TYPES],
  tables: ['profile_answers'],
  apply: eachEvent<AnswerEvent>(async (tx, ev, e) => {
    switch (ev.type) {
      case 'AnswerSaved':
        await tx
          .insertInto('profile_answers')
          .values({
            id: ev.data.answerId,
            user_id: ev.data.userId,
            question: ev.data.question,
            answer: ev.data.answer,
            created_at: at(e),
            updated_at: at(e),
          })
          .onConflict((oc) =>
            oc.column('id').doUpdateSet({ question: ev.data.question, answer: ev.data.answer, updated_at: at(e) }),
          )
          .execute();
        break;
      case 'AnswerDeleted':
        await tx.deleteFrom('profile_answers').where('id', '=', ev.data.answerId).execute();
        break;
    }
  }),
};
