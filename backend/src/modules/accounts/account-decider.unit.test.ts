import type { AccountEvent } from '@fp/contracts';
import { describe, it, expect } from 'vitest';
import { given } from '../../testing/decider';
import { DomainError } from '../../platform/decider';
import { accountDecider } from './account-decider';

const details = {
  userId: 'u1',
  email: 'ada@founder.example',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
};
const registered: AccountEvent = { type: 'UserRegistered', data: details };
const sync = (d = details) => ({ type: 'SyncUser' as const, data: d });
const grant = (role: 'admin' | 'auditor') => ({ type: 'GrantRole' as const, data: { userId: 'u1', role } });
const revoke = (role: 'admin' | 'auditor') => ({ type: 'RevokeRole' as const, data: { userId: 'u1', role } });
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
    given(accountDecider, registered)
      .when(sync(moved))
      .then([{ type: 'UserDetailsChanged', data: moved }]);
  });

  it('keeps the latest details in the state', () => {
    const moved = { ...details, firstName: 'Augusta' };
    given(accountDecider, registered, { type: 'UserDetailsChanged', data: moved })
      .when(sync(moved))
      .thenState((state, produced) => {
        expect(produced).toEqual([]);
        expect(state).toMatchObject({ registered: true, firstName: 'Augusta', roles: [], disabled: false });
      });
  });

  it('grants a role once, naming who granted it', () => {
    given(accountDecider, registered)
      .when(grant('auditor'), meta)
      .then([{ type: 'RoleGranted', data: { userId: 'u1', role: 'auditor', grantedBy: 'operator:ann' } }]);
    given(accountDecider, registered, { type: 'RoleGranted', data: { userId: 'u1', role: 'auditor', grantedBy: 'x' } })
      .when(grant('auditor'), meta)
      .then([]);
  });

  it('reads the first admin grants as the admin role', () => {
    const old: AccountEvent = { type: 'AdminRoleGranted', data: { userId: 'u1', grantedBy: 'operator:ann' } };
    given(accountDecider, registered, old).when(grant('admin'), meta).then([]);
    given(accountDecider, registered, old)
      .when(revoke('admin'), meta)
      .then([{ type: 'RoleRevoked', data: { userId: 'u1', role: 'admin', revokedBy: 'operator:ann' } }]);
  });

  it("revokes only a role the user holds, and never an operator's own admin role", () => {
    given(accountDecider, registered).when(revoke('auditor'), meta).then([]);
    const admin: AccountEvent = { type: 'RoleGranted', data: { userId: 'u1', role: 'admin', grantedBy: 'x' } };
    given(accountDecider, registered, admin)
      .when(revoke('admin'), { ...meta, actor: 'u1' })
      .thenThrows(DomainError, /own admin role/);
  });

  it('refuses roles for a user who never registered', () => {
    given(accountDecider)
      .when(grant('auditor'), meta)
      .thenThrows(DomainError, /No such user/);
  });

  it("disables and enables an account once each, never the operator's own", () => {
    const disable = { type: 'DisableAccount' as const, data: { userId: 'u1', reason: 'chargeback fraud' } };
    const disabled: AccountEvent = {
      type: 'AccountDisabled',
      data: { userId: 'u1', reason: 'chargeback fraud', disabledBy: 'operator:ann' },
    };
    given(accountDecider, registered).when(disable, meta).then([disabled]);
    given(accountDecider, registered, disabled).when(disable, meta).then([]);
    given(accountDecider, registered)
      .when(disable, { ...meta, actor: 'u1' })
      .thenThrows(DomainError, /own account/);
    const enable = { type: 'EnableAccount' as const, data: { userId: 'u1' } };
    given(accountDecider, registered).when(enable, meta).then([]);
    given(accountDecider, registered, disabled)
      .when(enable, meta)
      .then([{ type: 'AccountEnabled', data: { userId: 'u1', enabledBy: 'operator:ann' } }]);
  });

  it('records a sign-in only for a registered, enabled user', () => {
    const signIn = { type: 'RecordSignIn' as const, data: { userId: 'u1' } };
    given(accountDecider, registered)
      .when(signIn, meta)
      .then([{ type: 'UserSignedIn', data: { userId: 'u1' } }]);
    given(accountDecider).when(signIn, meta).then([]);
    given(accountDecider, registered, { type: 'AccountDisabled', data: { userId: 'u1', reason: 'r', disabledBy: 'x' } })
      .when(signIn, meta)
      .then([]);
  });
});
