import type { AccountEvent } from '@fp/contracts';
import { describe, it, expect } from 'vitest';
import { given } from '../../testing/decider';
import { accountDecider } from './decider';

const details = { userId: 'u1', email: 'ada@founder.example', firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: null };
const registered: AccountEvent = { type: 'UserRegistered', data: details };
const sync = (d = details) => ({ type: 'SyncUser' as const, data: d });
const grantAdmin = { type: 'GrantAdmin' as const, data: { userId: 'u1' } };
const meta = { now: new Date('2026-01-01T00:00:00Z'), actor: 'operator:ann' };

describe('accounts decider', () => {
  it('registers a user the first time they are synced', () => {
    given(accountDecider).when(sync()).then([registered]);
  });

  it('records nothing when a registered user syncs the same details again', () => {
    given(accountDecider, registered).when(sync()).then([]);
  });

  it('records changed details of a registered user, never a second registration', () => {
    const moved = { ...details, email: 'ada@new.example', lastName: 'King' };
    given(accountDecider, registered).when(sync(moved)).then([{ type: 'UserDetailsChanged', data: moved }]);
  });

  it('keeps the latest details in the state', () => {
    const moved = { ...details, firstName: 'Augusta' };
    given(accountDecider, registered, { type: 'UserDetailsChanged', data: moved }).when(sync(moved)).thenState((state, produced) => {
      expect(produced).toEqual([]);
      expect(state).toMatchObject({ registered: true, firstName: 'Augusta', admin: false });
    });
  });

  it('grants the admin role once, naming who granted it', () => {
    given(accountDecider, registered).when(grantAdmin, meta).then([{ type: 'AdminRoleGranted', data: { userId: 'u1', grantedBy: 'operator:ann' } }]);
    given(accountDecider, registered, { type: 'AdminRoleGranted', data: { userId: 'u1', grantedBy: 'operator:ann' } }).when(grantAdmin, meta).then([]);
  });
});
