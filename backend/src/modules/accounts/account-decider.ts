import type { AccountEvent, UserRole } from '@fp/contracts';
import { DomainError, type Decider, type CommandOf, type CommandMeta } from '../../platform/decider';

export interface AccountState {
  registered: boolean;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  roles: UserRole[];
  disabled: boolean;
}

export type AccountCommand =
  | {
      type: 'SyncUser';
      data: {
        userId: string;
        email: string;
        firstName: string | null;
        lastName: string | null;
        profileImageUrl: string | null;
      };
    }
  | { type: 'GrantRole'; data: { userId: string; role: UserRole } }
  | { type: 'RevokeRole'; data: { userId: string; role: UserRole } }
  | { type: 'DisableAccount'; data: { userId: string; reason: string } }
  | { type: 'EnableAccount'; data: { userId: string } }
  | { type: 'RecordSignIn'; data: { userId: string } };

const NOT_REGISTERED = 'No such user';
const CANNOT_REVOKE_OWN_ADMIN = 'You cannot remove your own admin role';
const CANNOT_DISABLE_SELF = 'You cannot disable your own account';

const withRole = (roles: UserRole[], role: UserRole) => (roles.includes(role) ? roles : [...roles, role]);

export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  initialState: () => ({
    registered: false,
    email: null,
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    roles: [],
    disabled: false,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
      case 'UserDetailsChanged':
        return {
          ...state,
          registered: true,
          email: event.data.email,
          firstName: event.data.firstName,
          lastName: event.data.lastName,
          profileImageUrl: event.data.profileImageUrl,
        };
      case 'AdminRoleGranted':
        return { ...state, roles: withRole(state.roles, 'admin') };
      case 'RoleGranted':
        return { ...state, roles: withRole(state.roles, event.data.role) };
      case 'RoleRevoked':
        return { ...state, roles: state.roles.filter((r) => r !== event.data.role) };
      case 'AccountDisabled':
        return { ...state, disabled: true };
      case 'AccountEnabled':
        return { ...state, disabled: false };
      case 'UserSignedIn':
        return state;
    }
  },
  decide(command, state, meta) {
    switch (command.type) {
      case 'SyncUser':
        return syncUser(command, state);
      case 'GrantRole':
        return grantRole(command, state, meta);
      case 'RevokeRole':
        return revokeRole(command, state, meta);
      case 'DisableAccount':
        return disableAccount(command, state, meta);
      case 'EnableAccount':
        return enableAccount(command, state, meta);
      case 'RecordSignIn':
        return recordSignIn(command, state);
    }
  },
};

function syncUser(command: CommandOf<AccountCommand, 'SyncUser'>, state: AccountState): AccountEvent[] {
  const d = command.data;
  if (!state.registered) return [{ type: 'UserRegistered', data: d }];
  const changed =
    d.email !== state.email ||
    d.firstName !== state.firstName ||
    d.lastName !== state.lastName ||
    d.profileImageUrl !== state.profileImageUrl;
  return changed ? [{ type: 'UserDetailsChanged', data: d }] : [];
}

function grantRole(
  command: CommandOf<AccountCommand, 'GrantRole'>,
  state: AccountState,
  meta: CommandMeta,
): AccountEvent[] {
  if (!state.registered) throw new DomainError(NOT_REGISTERED, 404, 'not_found');
  if (state.roles.includes(command.data.role)) return [];
  return [
    {
      type: 'RoleGranted',
      data: { userId: command.data.userId, role: command.data.role, grantedBy: meta.actor },
    },
  ];
}

function revokeRole(
  command: CommandOf<AccountCommand, 'RevokeRole'>,
  state: AccountState,
  meta: CommandMeta,
): AccountEvent[] {
  if (!state.registered) throw new DomainError(NOT_REGISTERED, 404, 'not_found');
  // An operator locking themselves out would leave nobody to undo it from the screen.
  if (command.data.role === 'admin' && command.data.userId === meta.actor)
    throw new DomainError(CANNOT_REVOKE_OWN_ADMIN, 409, 'conflict');
  if (!state.roles.includes(command.data.role)) return [];
  return [
    {
      type: 'RoleRevoked',
      data: { userId: command.data.userId, role: command.data.role, revokedBy: meta.actor },
    },
  ];
}

function disableAccount(
  command: CommandOf<AccountCommand, 'DisableAccount'>,
  state: AccountState,
  meta: CommandMeta,
): AccountEvent[] {
  if (!state.registered) throw new DomainError(NOT_REGISTERED, 404, 'not_found');
  if (command.data.userId === meta.actor) throw new DomainError(CANNOT_DISABLE_SELF, 409, 'conflict');
  if (state.disabled) return [];
  return [
    {
      type: 'AccountDisabled',
      data: { userId: command.data.userId, reason: command.data.reason, disabledBy: meta.actor },
    },
  ];
}

function enableAccount(
  command: CommandOf<AccountCommand, 'EnableAccount'>,
  state: AccountState,
  meta: CommandMeta,
): AccountEvent[] {
  if (!state.registered) throw new DomainError(NOT_REGISTERED, 404, 'not_found');
  if (!state.disabled) return [];
  return [{ type: 'AccountEnabled', data: { userId: command.data.userId, enabledBy: meta.actor } }];
}

function recordSignIn(command: CommandOf<AccountCommand, 'RecordSignIn'>, state: AccountState): AccountEvent[] {
  // Only a registered, enabled user's sign-in is a fact of the product (the provider keeps the rest).
  if (!state.registered || state.disabled) return [];
  return [{ type: 'UserSignedIn', data: { userId: command.data.userId } }];
}
