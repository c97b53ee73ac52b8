import { REQUIRED_PROFILE_FIELDS, type StartupProfile } from './fields';

export interface ProfileCompletion {
  isComplete: boolean;
  /** Filled required fields out of fifteen, as a rounded whole percentage (0–100). */
  percentage: number;
}

const filled = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';

/** Completion per spec section 5: the fifteen required fields decide it; blank text counts as empty. */
export function profileCompletion(
  profile: Readonly<Record<string, string | null | undefined>> | StartupProfile,
): ProfileCompletion {
  const count = REQUIRED_PROFILE_FIELDS.filter((f) =>
    filled((profile as Record<string, string | null | undefined>)[f]),
  ).length;
  return {
    isComplete: count === REQUIRED_PROFILE_FIELDS.length,
    percentage: Math.round((count / REQUIRED_PROFILE_FIELDS.length) * 100),
  };
}

/** The required fields still empty, in the profile's order (for hints and the CLI). */
export function missingRequiredFields(profile: StartupProfile): string[] {
  return REQUIRED_PROFILE_FIELDS.filter((f) => !filled(profile[f]));
}
