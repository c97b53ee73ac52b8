import { PROFILE_FIELDS, PROFILE_SPEC, type StartupProfile } from '@fp/contracts';

// Each field's read-model column (startup_profiles) is the one its field spec names.
export function profileFromRow(row: Record<string, unknown> | undefined): StartupProfile {
  const profile: StartupProfile = {};
  if (!row) return profile;
  for (const f of PROFILE_FIELDS) {
    const v = row[PROFILE_SPEC[f].column];
    if (typeof v === 'string') profile[f] = v;
  }
  return profile;
}

export function rowFromProfile(profile: StartupProfile): Record<string, string | null> {
  return Object.fromEntries(PROFILE_FIELDS.map((f) => [PROFILE_SPEC[f].column, profile[f] ?? null]));
}
