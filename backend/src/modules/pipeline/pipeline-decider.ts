import {
  CARD_NOT_FOUND,
  MAX_PIPELINE_CARDS,
  PASS_REASON_REQUIRED,
  type InvestorKind,
  type PipelineCardDetails,
  type PipelineEvent,
  type PipelineStage,
} from '@fp/contracts';
import { DomainError, type CommandMeta, type Decider, type CommandOf } from '../../platform/decider';
import { Buckets } from './buckets';

interface CardState extends PipelineCardDetails {
  id: string;
  investorId: string;
  investorKind: InvestorKind;
  name: string;
  stage: PipelineStage;
  passReason: string | null;
  submissionIds: string[];
  /** Deck visits through the investor's link; only the first moves the card. */
  deckVisits: number;
}

export interface PipelineState {
  /** Cards on the board, by id (removed cards leave). Immutable, cheap to change (buckets.ts). */
  cards: Buckets<CardState>;
  /** `kind:investorId` → card id, so an investor is on the board once. */
  byInvestor: Buckets<string>;
  /** Every submission ever linked, removed cards' too: a replayed or repeated one links nothing. */
  linked: Buckets<true>;
  /** Every deck visit recorded (by visit id): a replayed one records nothing. */
  visits: Buckets<true>;
}

export interface InvestorRef {
  investorId: string;
  investorKind: InvestorKind;
  name: string;
}

export type PipelineCommand =
  | { type: 'AddCards'; data: { userId: string; investors: InvestorRef[]; stage: PipelineStage } }
  | {
      type: 'UpdateCard';
      data: {
        userId: string;
        cardId: string;
        stage?: PipelineStage;
        passReason?: string | null;
      } & Partial<PipelineCardDetails>;
    }
  | { type: 'RecordSubmission'; data: { userId: string; submissionId: string; investor: InvestorRef } }
  | { type: 'RemoveCard'; data: { userId: string; cardId: string } }
  | {
      type: 'RecordDeckVisit';
      data: { userId: string; visitId: string; investorId: string; investorKind: InvestorKind; email: string | null };
    };

export const investorKey = (kind: InvestorKind, investorId: string) => `${kind}:${investorId}`;

const DETAIL_FIELDS = ['notes', 'nextFollowUp', 'introducedBy', 'amount'] as const;

/** The card id a command mints for an investor: supplied by the caller in `meta.ids`. */
function newCardId(meta: CommandMeta, key: string): string {
  const id = meta.ids?.[key];
  if (!id) throw new Error(`no card id supplied for ${key}`);
  return id;
}

function activeCard(state: PipelineState, cardId: string): CardState {
  const card = state.cards.get(cardId);
  if (!card) throw new DomainError(CARD_NOT_FOUND, 404, 'not_found');
  return card;
}

function withCard(state: PipelineState, card: CardState): PipelineState {
  return { ...state, cards: state.cards.set(card.id, card) };
}

/**
 * The founder's pipeline. Rules:
 * - an investor has at most one card; adding it again adds nothing;
 * - a move to Passed needs a reason (given with the move, or already on the card); leaving Passed
 *   clears it; a pass reason on a card outside Passed is refused;
 * - a completed submission links to its firm's card once; it creates the card in Applied, moves a
 *   Target card to Applied, and never moves a card that is further along (or Passed) backwards;
 * - a deck visit through the investor's link shows in the card's history; the card's first one moves
 *   it from Target or Applied to Opened deck (never a card the founder moved further, or Passed);
 *   an investor without a card gets none.
 */
export const pipelineDecider: Decider<PipelineState, PipelineCommand, PipelineEvent> = {
  initialState: () => ({
    cards: Buckets.empty(),
    byInvestor: Buckets.empty(),
    linked: Buckets.empty(),
    visits: Buckets.empty(),
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'PipelineCardAdded': {
        const d = event.data;
        const card: CardState = {
          id: d.cardId,
          investorId: d.investorId,
          investorKind: d.investorKind,
          name: d.name,
          stage: d.stage,
          notes: null,
          nextFollowUp: null,
          introducedBy: null,
          amount: null,
          passReason: null,
          submissionIds: [],
          deckVisits: 0,
        };
        return {
          ...withCard(state, card),
          byInvestor: state.byInvestor.set(investorKey(d.investorKind, d.investorId), d.cardId),
        };
      }
      case 'PipelineCardMoved': {
        const card = state.cards.get(event.data.cardId);
        return card ? withCard(state, { ...card, stage: event.data.to, passReason: event.data.passReason }) : state;
      }
      case 'PipelineCardEdited': {
        const card = state.cards.get(event.data.cardId);
        return card ? withCard(state, { ...card, ...event.data.changes }) : state;
      }
      case 'PipelineSubmissionLinked': {
        const card = state.cards.get(event.data.cardId);
        const linked = state.linked.set(event.data.submissionId, true);
        return card
          ? { ...withCard(state, { ...card, submissionIds: [...card.submissionIds, event.data.submissionId] }), linked }
          : { ...state, linked };
      }
      case 'PipelineCardRemoved': {
        const card = state.cards.get(event.data.cardId);
        if (!card) return state;
        return {
          ...state,
          cards: state.cards.delete(card.id),
          byInvestor: state.byInvestor.delete(investorKey(card.investorKind, card.investorId)),
        };
      }
      case 'PipelineDeckVisited': {
        const card = state.cards.get(event.data.cardId);
        const visits = state.visits.set(event.data.visitId, true);
        return card
          ? { ...withCard(state, { ...card, deckVisits: card.deckVisits + 1 }), visits }
          : { ...state, visits };
      }
    }
  },

  decide(command, state, meta) {
    switch (command.type) {
      case 'AddCards':
        return addCards(command, state, meta);
      case 'UpdateCard':
        return updateCard(command, state);
      case 'RecordSubmission':
        return recordSubmission(command, state, meta);
      case 'RemoveCard':
        return removeCard(command, state);
      case 'RecordDeckVisit':
        return recordDeckVisit(command, state);
    }
  },
};

function addCards(
  command: CommandOf<PipelineCommand, 'AddCards'>,
  state: PipelineState,
  meta: CommandMeta,
): PipelineEvent[] {
  const { userId, investors, stage } = command.data;
  if (stage === 'Passed') throw new DomainError(PASS_REASON_REQUIRED);
  const events: PipelineEvent[] = [];
  const seen = new Set<string>();
  for (const inv of investors) {
    const key = investorKey(inv.investorKind, inv.investorId);
    if (state.byInvestor.has(key) || seen.has(key)) continue;
    seen.add(key);
    events.push({
      type: 'PipelineCardAdded',
      data: {
        userId,
        cardId: newCardId(meta, key),
        investorId: inv.investorId,
        investorKind: inv.investorKind,
        name: inv.name,
        stage,
        source: 'founder',
      },
    });
  }
  if (state.cards.size + events.length > MAX_PIPELINE_CARDS) {
    throw new DomainError(`A pipeline holds at most ${MAX_PIPELINE_CARDS.toLocaleString('en-US')} investors`);
  }
  return events;
}

function updateCard(command: CommandOf<PipelineCommand, 'UpdateCard'>, state: PipelineState): PipelineEvent[] {
  const { userId, cardId, stage, passReason, ...rest } = command.data;
  const card = activeCard(state, cardId);
  const events: PipelineEvent[] = [];
  const target = stage ?? card.stage;
  if (target === 'Passed') {
    const reason = passReason === undefined ? card.passReason : passReason;
    if (!reason) throw new DomainError(PASS_REASON_REQUIRED);
    if (card.stage !== 'Passed')
      events.push({
        type: 'PipelineCardMoved',
        data: { userId, cardId, from: card.stage, to: 'Passed', passReason: reason },
      });
    else if (reason !== card.passReason)
      events.push({ type: 'PipelineCardEdited', data: { userId, cardId, changes: { passReason: reason } } });
  } else {
    if (passReason) throw new DomainError('A pass reason can only be given when the investor is moved to Passed');
    if (target !== card.stage)
      events.push({
        type: 'PipelineCardMoved',
        data: { userId, cardId, from: card.stage, to: target, passReason: null },
      });
  }
  const changes: Partial<PipelineCardDetails> = {};
  for (const f of DETAIL_FIELDS) {
    const v = rest[f];
    if (v !== undefined && v !== card[f]) (changes as Record<string, unknown>)[f] = v;
  }
  if (Object.keys(changes).length) events.push({ type: 'PipelineCardEdited', data: { userId, cardId, changes } });
  return events;
}

function recordSubmission(
  command: CommandOf<PipelineCommand, 'RecordSubmission'>,
  state: PipelineState,
  meta: CommandMeta,
): PipelineEvent[] {
  const { userId, submissionId, investor } = command.data;
  if (state.linked.has(submissionId)) return [];
  const key = investorKey(investor.investorKind, investor.investorId);
  const existing = state.byInvestor.get(key);
  const events: PipelineEvent[] = [];
  let cardId = existing;
  if (!cardId) {
    cardId = newCardId(meta, key);
    events.push({
      type: 'PipelineCardAdded',
      data: {
        userId,
        cardId,
        investorId: investor.investorId,
        investorKind: investor.investorKind,
        name: investor.name,
        stage: 'Applied',
        source: 'submission',
      },
    });
  } else if (state.cards.get(cardId)!.stage === 'Target') {
    events.push({
      type: 'PipelineCardMoved',
      data: { userId, cardId, from: 'Target', to: 'Applied', passReason: null },
    });
  }
  events.push({ type: 'PipelineSubmissionLinked', data: { userId, cardId, submissionId } });
  return events;
}

function removeCard(command: CommandOf<PipelineCommand, 'RemoveCard'>, state: PipelineState): PipelineEvent[] {
  const { userId, cardId } = command.data;
  activeCard(state, cardId);
  return [{ type: 'PipelineCardRemoved', data: { userId, cardId } }];
}

function recordDeckVisit(
  command: CommandOf<PipelineCommand, 'RecordDeckVisit'>,
  state: PipelineState,
): PipelineEvent[] {
  const { userId, visitId, investorId, investorKind, email } = command.data;
  if (state.visits.has(visitId)) return [];
  const cardId = state.byInvestor.get(investorKey(investorKind, investorId));
  if (!cardId) return [];
  const card = state.cards.get(cardId)!;
  const events: PipelineEvent[] = [];
  if (card.deckVisits === 0 && (card.stage === 'Target' || card.stage === 'Applied')) {
    events.push({
      type: 'PipelineCardMoved',
      data: { userId, cardId, from: card.stage, to: 'Opened deck', passReason: null },
    });
  }
  events.push({ type: 'PipelineDeckVisited', data: { userId, cardId, visitId, email } });
  return events;
}
