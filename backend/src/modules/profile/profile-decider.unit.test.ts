import type { ProfileEvent } from '@fp/contracts';
import { SAMPLE_COMPLETE_PROFILE } from '@fp/contracts/testing';
import { describe, expect, it } from 'vitest';
import { DomainError, type CommandMeta } from '../../platform/decider';
import { given as givenHistory } from '../../testing/decider';
import { profileDecider, type ProfileCommand } from './profile-decider';

const meta: CommandMeta = { now: new Date('2025-01-01T00:00:00Z'), actor: 'u1' };
const given = (...events: ProfileEvent[]) => events;
const when = (history: ProfileEvent[], data: Omit<ProfileCommand['data'], 'userId'>) =>
  givenHistory(profileDecider, ...history)
    .when({ type: 'UpdateStartupProfile', data: { userId: 'u1', ...data } }, meta)
    .produced();
const changed = (set: ProfileEvent['data']['set'], cleared: ProfileEvent['data']['cleared'] = []): ProfileEvent => ({
  type: 'StartupProfileChanged',
  data: { userId: 'u1', set, cleared },
});

describe('profile decider', () => {
  it('records the fields of a first save', () => {
    expect(when(given(), { set: { companyName: 'Acme', industry: 'SaaS' }, clear: [] })).toEqual([
      changed({ companyName: 'Acme', industry: 'SaaS' }),
    ]);
  });

  it('records only what changed', () => {
    const state = given(changed({ companyName: 'Acme', industry: 'SaaS' }));
    expect(when(state, { set: { companyName: 'Acme', industry: 'Fintech', location: 'Paris' }, clear: [] })).toEqual([
      changed({ industry: 'Fintech', location: 'Paris' }),
    ]);
  });

  it('records nothing when nothing changes', () => {
    const state = given(changed({ companyName: 'Acme' }));
    expect(when(state, { set: { companyName: 'Acme' }, clear: [] })).toEqual([]);
    expect(when(state, { set: {}, clear: ['website'] })).toEqual([]);
  });

  it('clears only fields that are set', () => {
    const state = given(changed({ companyName: 'Acme', website: 'https://acme.io' }));
    expect(when(state, { set: {}, clear: ['website', 'pitchDeck'] })).toEqual([changed({}, ['website'])]);
  });

  it('refuses a field both set and cleared', () => {
    expect(() => when(given(), { set: { website: 'https://acme.io' }, clear: ['website'] })).toThrow(DomainError);
  });

  it('folds set and cleared fields into the profile', () => {
    const state = given(
      changed({ companyName: 'Acme', website: 'https://acme.io' }),
      changed({ companyName: 'Acme Inc' }, ['website']),
    );
    expect(givenHistory(profileDecider, ...state).state.profile).toEqual({ companyName: 'Acme Inc' });
  });

  it('refuses emptying a required field of a complete profile, naming the field', () => {
    const complete = given(changed({ ...SAMPLE_COMPLETE_PROFILE }));
    try {
      when(complete, { set: {}, clear: ['companyName', 'website'] });
      expect.unreachable('a complete profile lost its company name');
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect((e as DomainError).message).toBe('Company Name is required');
      expect((e as DomainError).details).toEqual({ fields: { companyName: 'Company Name is required' } });
    }
    // Optional fields may still be emptied.
    expect(when(complete, { set: {}, clear: ['website'] })).toEqual([changed({}, ['website'])]);
  });

  it('given an incomplete profile with a company name, when the name is emptied, then it is refused', () => {
    expect(() => when(given(changed({ companyName: 'Acme' })), { set: {}, clear: ['companyName'] })).toThrow(
      'Company Name is required',
    );
    // A required field never saved is not "emptied": clearing it records nothing.
    expect(when(given(changed({ companyName: 'Acme' })), { set: {}, clear: ['industry'] })).toEqual([]);
  });
});
