import type { ProfileField, StartupProfile } from '../profile/fields';

/**
 * Events of the startup profile: stream `profile-<userId>`. Each save appends what changed: the
 * fields given a new value and the fields removed. Who and when are in the event metadata
 * (`actor`, `now`).
 */
type StartupProfileChanged = {
  type: 'StartupProfileChanged';
  data: { userId: string; set: StartupProfile; cleared: ProfileField[] };
};
export type ProfileEvent = StartupProfileChanged;
export const PROFILE_EVENT_TYPES = ['StartupProfileChanged'] as const;
export const profileStream = (userId: string) => `profile-${userId}`;
