import { z } from 'zod';
import { PROFILE_FIELDS, PROFILE_LABELS, type ProfileField, type StartupProfile } from '../profile/fields';
import { profileValueSchema } from '../profile/schema';
import type { ProfileCompletion } from '../profile/completion';

const fieldShape = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, profileValueSchema(f).optional()])) as Record<
  ProfileField,
  z.ZodOptional<z.ZodType<string, string>>
>;

/**
 * PATCH /api/startup-profile: only non-empty fields, each validated; unknown fields are a 400.
 * A field is removed by naming it in `clear` (an empty string or null is refused, never guessed).
 */
export const UpdateStartupProfileRequest = z
  .strictObject({
    ...fieldShape,
    clear: z
      .array(z.string())
      .max(PROFILE_FIELDS.length, `clear: at most ${PROFILE_FIELDS.length} fields`)
      .optional()
      .superRefine((names, ctx) => {
        const unknown = (names ?? []).filter((n) => !(PROFILE_FIELDS as readonly string[]).includes(n));
        if (unknown.length)
          ctx.addIssue({
            code: 'custom',
            message: `clear: unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
          });
      }),
  })
  .superRefine((body, ctx) => {
    const both = (body.clear ?? []).filter((f) => body[f as ProfileField] !== undefined);
    if (both.length)
      ctx.addIssue({
        code: 'custom',
        message: `A field cannot be both set and cleared: ${both.map((f) => PROFILE_LABELS[f as ProfileField]).join(', ')}`,
      });
  })
  .transform((body) => {
    const set: StartupProfile = {};
    for (const f of PROFILE_FIELDS) if (body[f] !== undefined) set[f] = body[f];
    return { set, clear: [...new Set((body.clear ?? []) as ProfileField[])] };
  });
export type UpdateStartupProfileRequest = z.input<typeof UpdateStartupProfileRequest>;

const ProfileCompletionResponse = z.object({
  percentage: z.number().int().min(0).max(100),
  isComplete: z.boolean(),
});
type ProfileCompletionResponse = ProfileCompletion;

/** GET and PATCH /api/startup-profile */
export const StartupProfileResponse = z.object({
  profile: z.partialRecord(z.enum(PROFILE_FIELDS), z.string()),
  completion: ProfileCompletionResponse,
});
export interface StartupProfileResponse {
  profile: StartupProfile;
  completion: ProfileCompletion;
}

/** The profile routes (merged into `ApiContract`). */
export interface ProfileApi {}
