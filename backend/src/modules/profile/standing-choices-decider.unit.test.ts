import type { StandingChoicesEvent } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import type { CommandMeta } from '../../platform/decider';
import { given } from '../../testing/decider';
import { standingChoicesDecider } from './standing-choices-decider';

const meta: CommandMeta = { now: new Date('2026-01-01T00:00:00Z'), actor: 'u1' };
const boxes = (optIns: 'ask' | 'yes' | 'no', acceptTerms: boolean): StandingChoicesEvent => ({
  type: 'CheckboxChoicesSet',
  data: { userId: 'u1', optIns, acceptTerms },
});
const message = (m: string | null): StandingChoicesEvent => ({
  type: 'DefaultMessageSet',
  data: { userId: 'u1', message: m },
});
const spend = (skipBelow: number): StandingChoicesEvent => ({
  type: 'SpendConfirmationSet',
  data: { userId: 'u1', skipBelow },
});
const set = (data: {
  optIns?: 'ask' | 'yes' | 'no';
  acceptTerms?: boolean;
  defaultMessage?: string | null;
  skipSpendConfirmBelow?: number;
}) => ({ type: 'SetStandingChoices' as const, data: { userId: 'u1', ...data } });

describe('standing choices decider', () => {
  it('asks before every spend by default, records a chosen "skip below", and nothing when it is the same', () => {
    given(standingChoicesDecider)
      .when(set({ skipSpendConfirmBelow: 5 }), meta)
      .then([spend(5)]);
    given(standingChoicesDecider, spend(5))
      .when(set({ skipSpendConfirmBelow: 5, optIns: 'no' }), meta)
      .then([]);
    given(standingChoicesDecider, spend(5))
      .when(set({ skipSpendConfirmBelow: 0 }), meta)
      .then([spend(0)]);
    expect(given(standingChoicesDecider, spend(5), boxes('ask', false)).state).toEqual({
      optIns: 'ask',
      acceptTerms: false,
      defaultMessage: null,
      skipSpendConfirmBelow: 5,
    });
  });
  it('starts at never opt in, never accept terms for me, no default message', () => {
    expect(given(standingChoicesDecider).state).toEqual({
      optIns: 'no',
      acceptTerms: false,
      defaultMessage: null,
      skipSpendConfirmBelow: 0,
    });
  });
  it('records a change of the opt-in choice with the terms choice as it stands', () => {
    given(standingChoicesDecider)
      .when(set({ optIns: 'ask' }), meta)
      .then([boxes('ask', false)]);
  });
  it('records allowing terms acceptance, keeping the opt-in choice', () => {
    given(standingChoicesDecider, boxes('yes', false))
      .when(set({ acceptTerms: true }), meta)
      .then([boxes('yes', true)]);
  });
  it('saving the same choices again records nothing', () => {
    given(standingChoicesDecider, boxes('yes', true), message('Hello'))
      .when(set({ optIns: 'yes', acceptTerms: true, defaultMessage: 'Hello' }), meta)
      .then([]);
  });
  it('the defaults saved explicitly on a new stream record nothing', () => {
    given(standingChoicesDecider)
      .when(set({ optIns: 'no', acceptTerms: false, defaultMessage: null }), meta)
      .then([]);
  });
  it('records a default message trimmed, and a blank one as none', () => {
    given(standingChoicesDecider)
      .when(set({ defaultMessage: '  Dear partners, …  ' }), meta)
      .then([message('Dear partners, …')]);
    given(standingChoicesDecider, message('Dear partners'))
      .when(set({ defaultMessage: '   ' }), meta)
      .then([message(null)]);
  });
  it('records both when both change, and folds to them', () => {
    given(standingChoicesDecider)
      .when(set({ optIns: 'yes', defaultMessage: 'Hi' }), meta)
      .thenState((after, produced) => {
        expect(produced).toEqual([boxes('yes', false), message('Hi')]);
        expect(after).toEqual({ optIns: 'yes', acceptTerms: false, defaultMessage: 'Hi', skipSpendConfirmBelow: 0 });
      });
  });
  it('leaves the message alone when the command does not name it', () => {
    expect(
      given(standingChoicesDecider, message('Hi'))
        .when(set({ acceptTerms: true }), meta)
        .produced(),
    ).toEqual([boxes('no', true)]);
  });
});
