import { PROFILE_FIELDS, type ProfileField, type StartupProfile } from '@fp/contracts';

/** Read-model column of each profile field (startup_profiles, migration 300). */
const COLUMN: Record<ProfileField, string> = Object.fromEntries(
  PROFILE_FIELDS.map((f) => [f, f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)]),
) as Record<ProfileField, string>;

export function profileFromRow(row: Record<string, unknown> | undefined): StartupProfile {
  const profile: StartupProfile = {};
  if (!row) return profile;
  for (const f of PROFILE_FIELDS) {
    const v = row[COLUMN[f]];
    if (typeof v === 'string') profile[f] = v;
  }
  return profile;
}

export function rowFromProfile(profile: StartupProfile): Record<string, string | null> {
  return Object.fromEntries(PROFILE_FIELDS.map((f) => [COLUMN[f], profile[f] ?? null]));
}
