import type { AccountEvent } from '@fp/contracts';
import type { Decider } from '../../platform/decider';

export interface AccountState {
  registered: boolean;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  admin: boolean;
}

export type AccountCommand =
  | { type: 'SyncUser'; data: { userId: string; email: string; firstName: string | null; lastName: string | null; profileImageUrl: string | null } }
  | { type: 'GrantAdmin'; data: { userId: string } };

export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  initialState: () => ({ registered: false, email: null, firstName: null, lastName: null, profileImageUrl: null, admin: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
      case 'UserDetailsChanged':
        return { ...state, registered: true, email: event.data.email, firstName: event.data.firstName, lastName: event.data.lastName, profileImageUrl: event.data.profileImageUrl };
      case 'AdminRoleGranted':
        return { ...state, admin: true };
    }
  },
  decide(command, state, meta) {
    switch (command.type) {
      case 'SyncUser': {
        const d = command.data;
        if (!state.registered) return [{ type: 'UserRegistered', data: d }];
        const changed = d.email !== state.email || d.firstName !== state.firstName || d.lastName !== state.lastName || d.profileImageUrl !== state.profileImageUrl;
        return changed ? [{ type: 'UserDetailsChanged', data: d }] : [];
      }
      case 'GrantAdmin':
        if (state.admin) return [];
        return [{ type: 'AdminRoleGranted', data: { userId: command.data.userId, grantedBy: meta.actor } }];
    }
  },
};
