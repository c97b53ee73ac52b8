import { PASS_REASON_REQUIRED, type PipelineEvent, type PipelineStage } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError, type CommandMeta } from '../../platform/decider';
import { given } from '../../testing/decider';
import { pipelineDecider, type PipelineCommand } from './pipeline-decider';

const userId = 'u1';
const meta: CommandMeta = {
  now: new Date('2026-01-01T00:00:00Z'),
  actor: userId,
  ids: { 'vc:f1': 'c1', 'vc:f2': 'c2', 'angel:a1': 'c3' },
};
const acme = { investorId: 'f1', investorKind: 'vc' as const, name: 'Acme Ventures' };
const beta = { investorId: 'f2', investorKind: 'vc' as const, name: 'Beta Capital' };
const added = (
  cardId: string,
  inv: typeof acme,
  stage: PipelineStage = 'Target',
  source: 'founder' | 'submission' = 'founder',
): PipelineEvent => ({
  type: 'PipelineCardAdded',
  data: { userId, cardId, ...inv, stage, source },
});
const moved = (
  cardId: string,
  from: PipelineStage,
  to: PipelineStage,
  passReason: string | null = null,
): PipelineEvent => ({ type: 'PipelineCardMoved', data: { userId, cardId, from, to, passReason } });
const update = (
  cardId: string,
  fields: Omit<Extract<PipelineCommand, { type: 'UpdateCard' }>['data'], 'userId' | 'cardId'>,
): PipelineCommand => ({ type: 'UpdateCard', data: { userId, cardId, ...fields } });
const submission = (submissionId: string, investor = acme): PipelineCommand => ({
  type: 'RecordSubmission',
  data: { userId, submissionId, investor },
});
const linked = (cardId: string, submissionId: string): PipelineEvent => ({
  type: 'PipelineSubmissionLinked',
  data: { userId, cardId, submissionId },
});

describe('pipeline decider', () => {
  it('adds investors as Target cards, each once', () => {
    given(pipelineDecider)
      .when({ type: 'AddCards', data: { userId, investors: [acme, beta, acme], stage: 'Target' } }, meta)
      .then([added('c1', acme), added('c2', beta)]);
  });

  it('adds nothing for an investor already on the board', () => {
    given(pipelineDecider, added('c1', acme))
      .when({ type: 'AddCards', data: { userId, investors: [acme], stage: 'Applied' } }, meta)
      .then([]);
  });

  it('adds an investor again after its card was removed', () => {
    given(pipelineDecider, added('old', acme), { type: 'PipelineCardRemoved', data: { userId, cardId: 'old' } })
      .when({ type: 'AddCards', data: { userId, investors: [acme], stage: 'Target' } }, meta)
      .then([added('c1', acme)]);
  });

  it('moves a card between stages and records only what changed', () => {
    given(pipelineDecider, added('c1', acme))
      .when(update('c1', { stage: 'Meeting', nextFollowUp: '2026-01-05', notes: null }), meta)
      .then([
        moved('c1', 'Target', 'Meeting'),
        { type: 'PipelineCardEdited', data: { userId, cardId: 'c1', changes: { nextFollowUp: '2026-01-05' } } },
      ]);
  });

  it('refuses Passed without a reason', () => {
    given(pipelineDecider, added('c1', acme))
      .when(update('c1', { stage: 'Passed' }), meta)
      .thenThrows(DomainError, PASS_REASON_REQUIRED);
    given(pipelineDecider)
      .when({ type: 'AddCards', data: { userId, investors: [acme], stage: 'Passed' } }, meta)
      .thenThrows(DomainError, PASS_REASON_REQUIRED);
  });

  it('records the reason with the move to Passed, and clears it when the card leaves Passed', () => {
    given(pipelineDecider, added('c1', acme))
      .when(update('c1', { stage: 'Passed', passReason: 'Too early' }), meta)
      .then([moved('c1', 'Target', 'Passed', 'Too early')]);
    given(pipelineDecider, added('c1', acme), moved('c1', 'Target', 'Passed', 'Too early'))
      .when(update('c1', { stage: 'In conversation' }), meta)
      .thenState((s) => expect(s.cards.get('c1')).toMatchObject({ stage: 'In conversation', passReason: null }));
  });

  it('refuses a pass reason outside Passed, and clearing the reason of a Passed card', () => {
    given(pipelineDecider, added('c1', acme))
      .when(update('c1', { passReason: 'No' }), meta)
      .thenThrows(DomainError, /only be given/);
    given(pipelineDecider, added('c1', acme), moved('c1', 'Target', 'Passed', 'Too early'))
      .when(update('c1', { passReason: null }), meta)
      .thenThrows(DomainError, PASS_REASON_REQUIRED);
  });

  it('answers 404 for a card that is not on the board', () => {
    given(pipelineDecider)
      .when(update('nope', { notes: 'x' }), meta)
      .thenThrows(DomainError, /not found/, (e) => expect(e.status).toBe(404));
    given(pipelineDecider, added('c1', acme), { type: 'PipelineCardRemoved', data: { userId, cardId: 'c1' } })
      .when({ type: 'RemoveCard', data: { userId, cardId: 'c1' } }, meta)
      .thenThrows(DomainError, /not found/);
  });

  it('creates the card in Applied for a completed submission and links it', () => {
    given(pipelineDecider)
      .when(submission('s1'), meta)
      .then([added('c1', acme, 'Applied', 'submission'), linked('c1', 's1')]);
  });

  it('moves a Target card to Applied, and only links a card further along', () => {
    given(pipelineDecider, added('c1', acme))
      .when(submission('s1'), meta)
      .then([moved('c1', 'Target', 'Applied'), linked('c1', 's1')]);
    given(pipelineDecider, added('c1', acme), moved('c1', 'Target', 'Meeting'))
      .when(submission('s1'), meta)
      .then([linked('c1', 's1')]);
  });

  it('links a submission once, even after its card was removed (a replay recreates nothing)', () => {
    given(pipelineDecider, added('c1', acme, 'Applied', 'submission'), linked('c1', 's1'))
      .when(submission('s1'), meta)
      .then([]);
    given(pipelineDecider, added('c1', acme, 'Applied', 'submission'), linked('c1', 's1'), {
      type: 'PipelineCardRemoved',
      data: { userId, cardId: 'c1' },
    })
      .when(submission('s1'), meta)
      .then([]);
  });

  describe('deck visits', () => {
    const visit = (visitId: string, investor = acme): PipelineCommand => ({
      type: 'RecordDeckVisit',
      data: {
        userId,
        visitId,
        investorId: investor.investorId,
        investorKind: investor.investorKind,
        email: 'gp@acme.example',
      },
    });
    const visited = (cardId: string, visitId: string): PipelineEvent => ({
      type: 'PipelineDeckVisited',
      data: { userId, cardId, visitId, email: 'gp@acme.example' },
    });

    it('the first visit moves an Applied or Target card to Opened deck, and shows in its history', () => {
      given(pipelineDecider, added('c1', acme, 'Applied'))
        .when(visit('v1'), meta)
        .then([moved('c1', 'Applied', 'Opened deck'), visited('c1', 'v1')]);
      given(pipelineDecider, added('c1', acme))
        .when(visit('v1'), meta)
        .then([moved('c1', 'Target', 'Opened deck'), visited('c1', 'v1')]);
    });

    it('never moves a card the founder moved further (or Passed), nor after its first visit', () => {
      given(pipelineDecider, added('c1', acme, 'Meeting'))
        .when(visit('v1'), meta)
        .then([visited('c1', 'v1')]);
      given(pipelineDecider, added('c1', acme), moved('c1', 'Target', 'Passed', 'No'))
        .when(visit('v1'), meta)
        .then([visited('c1', 'v1')]);
      given(
        pipelineDecider,
        added('c1', acme, 'Applied'),
        moved('c1', 'Applied', 'Opened deck'),
        visited('c1', 'v1'),
        moved('c1', 'Opened deck', 'Applied'),
      )
        .when(visit('v2'), meta)
        .then([visited('c1', 'v2')]);
    });

    it('records a visit once, and nothing for an investor without a card', () => {
      given(pipelineDecider, added('c1', acme, 'Applied'), moved('c1', 'Applied', 'Opened deck'), visited('c1', 'v1'))
        .when(visit('v1'), meta)
        .then([]);
      given(pipelineDecider, added('c1', acme)).when(visit('v1', beta), meta).then([]);
    });
  });
});
