import { z } from 'zod';
import { PROFILE_FIELDS, PROFILE_LABELS, type ProfileField, type StartupProfile } from '../profile/fields';
import { profileValueSchema } from '../profile/schema';
import type { ProfileCompletion } from '../profile/completion';
import type { AnswersResponse, LibraryAnswer, SaveAnswerRequest, UpdateAnswerRequest } from '../profile/answer-api';
import type { FounderDocumentsResponse } from '../profile/documents';
import type { PitchDeckResponse, UploadPitchDeckQuery } from '../profile/deck';
import type { StandingChoicesResponse, UpdateStandingChoicesRequest } from '../profile/standing-choices';

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

/**
 * The profile routes (merged into `ApiContract`): the profile, the answer library, the pitch deck,
 * the other documents and the standing choices. A deck or a document is uploaded with `apiUpload`
 * (the raw PDF as the body, its name in the query) and downloaded raw; its file route is not declared.
 */
export interface ProfileApi {
  startupProfile: {
    GET: { response: StartupProfileResponse };
    PATCH: { body: UpdateStartupProfileRequest; response: StartupProfileResponse };
  };
  profileCompletion: { GET: { response: ProfileCompletion } };
  answers: {
    GET: { response: AnswersResponse };
    /** 201; the answer is missing only if it was deleted again before it was read back. */
    POST: { body: z.input<typeof SaveAnswerRequest>; response: { answer?: LibraryAnswer } };
  };
  answer: {
    PATCH: { body: z.input<typeof UpdateAnswerRequest>; response: { answer?: LibraryAnswer } };
    DELETE: { response: { success: true } };
  };
  pitchDeck: {
    GET: { response: PitchDeckResponse };
    PUT: { query: z.input<typeof UploadPitchDeckQuery>; response: PitchDeckResponse };
    DELETE: { response: PitchDeckResponse };
  };
  documents: { GET: { response: FounderDocumentsResponse } };
  document: {
    PUT: { query: z.input<typeof UploadPitchDeckQuery>; response: FounderDocumentsResponse };
    DELETE: { response: FounderDocumentsResponse };
  };
  standingChoices: {
    GET: { response: StandingChoicesResponse };
    PUT: { body: z.input<typeof UpdateStandingChoicesRequest>; response: StandingChoicesResponse };
  };
}
