import {
  PROFILE_FIELDS,
  REQUIRED_PROFILE_FIELDS,
  requiredFieldMessage,
  type ProfileEvent,
  type ProfileField,
  type StartupProfile,
} from '@fp/contracts';
import { DomainError, type Decider } from '../../platform/decider';

export interface ProfileState {
  profile: StartupProfile;
}

export type ProfileCommand = {
  type: 'UpdateStartupProfile';
  /** `set`: non-empty, validated values; `clear`: fields to remove. */
  data: { userId: string; set: StartupProfile; clear: ProfileField[] };
};

/** The startup profile: a save records only what it changes; a save that changes nothing records nothing. */
export const profileDecider: Decider<ProfileState, ProfileCommand, ProfileEvent> = {
  initialState: () => ({ profile: {} }),
  evolve(state, event) {
    switch (event.type) {
      case 'StartupProfileChanged': {
        const profile: StartupProfile = { ...state.profile, ...event.data.set };
        for (const f of event.data.cleared) delete profile[f];
        return { profile };
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'UpdateStartupProfile': {
        const { userId, set: wanted, clear } = command.data;
        const both = clear.filter((f) => wanted[f] !== undefined);
        if (both.length) throw new DomainError(`A field cannot be both set and cleared: ${both.join(', ')}`);
        // A saved required field cannot be emptied: an emptied company name would erase what
        // applications send, and a complete profile would lock its submissions silently.
        const required = REQUIRED_PROFILE_FIELDS.filter((f) => clear.includes(f) && state.profile[f] !== undefined);
        if (required.length) {
          const fields = Object.fromEntries(required.map((f) => [f, requiredFieldMessage(f)]));
          throw new DomainError(requiredFieldMessage(required[0]!), 400, 'validation', { fields });
        }
        const set: StartupProfile = {};
        for (const f of PROFILE_FIELDS) {
          const v = wanted[f];
          if (v !== undefined && v !== state.profile[f]) set[f] = v;
        }
        const cleared = PROFILE_FIELDS.filter((f) => clear.includes(f) && state.profile[f] !== undefined);
        if (Object.keys(set).length === 0 && cleared.length === 0) return [];
        return [{ type: 'StartupProfileChanged', data: { userId, set, cleared } }];
      }
    }
  },
};
