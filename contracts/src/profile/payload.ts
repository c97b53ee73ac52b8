import { PROFILE_FIELDS, type ProfileField, type StartupProfile } from './fields';

/** The body of PATCH /api/startup-profile: non-empty fields to set, and fields to remove. */
export type StartupProfilePatch = StartupProfile & { clear?: ProfileField[] };

/**
 * Builds the save payload from form values (spec section 5): fields that are empty or whitespace-only
 * are omitted; the others are sent trimmed. A field that the loaded profile had and the form now
 * leaves blank is listed in `clear`, so emptying a field in the form really removes it.
 */
export function toProfilePatch(
  values: Partial<Record<ProfileField, string | null | undefined>>,
  loaded: StartupProfile = {},
): StartupProfilePatch {
  const patch: StartupProfilePatch = {};
  const clear: ProfileField[] = [];
  for (const f of PROFILE_FIELDS) {
    const v = values[f];
    const t = typeof v === 'string' ? v.trim() : '';
    if (t) patch[f] = t;
    else if (loaded[f]?.trim()) clear.push(f);
  }
  if (clear.length) patch.clear = clear;
  return patch;
}

/** Form values from a loaded profile: every field present, '' when absent. */
export function toProfileForm(profile: StartupProfile): Record<ProfileField, string> {
  return Object.fromEntries(PROFILE_FIELDS.map((f) => [f, profile[f] ?? ''])) as Record<ProfileField, string>;
}

/** True when the profile has any non-blank content (the form resets to loaded data only then). */
export function hasProfileContent(profile: StartupProfile | null | undefined): boolean {
  return !!profile && PROFILE_FIELDS.some((f) => !!profile[f]?.trim());
}
