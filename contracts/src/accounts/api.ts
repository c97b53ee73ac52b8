import { z } from 'zod';

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** POST /api/auth/sync-user */
export const SyncUserRequest = z.strictObject({
  id: z.string().min(1).max(200),
  email: z.string().trim().email('Please enter a valid email address').max(320),
  firstName: nullableText(100),
  lastName: nullableText(100),
  profileImageUrl: z
    .union([z.string().url().max(2000), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
});
export type SyncUserRequest = z.input<typeof SyncUserRequest>;
export const SyncUserResponse = z.object({ isNewUser: z.boolean(), creditBalance: z.number() });
export type SyncUserResponse = z.infer<typeof SyncUserResponse>;

const SessionUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
type SessionUser = z.infer<typeof SessionUser>;

/** GET /api/auth/me */
export const MeResponse = z.object({
  user: SessionUser,
  roles: z.array(z.string()),
  emailVerified: z.boolean().nullable().optional(),
  /**
   * A password sign-in is on record: "Welcome back". A brand-new account, whose first
   * session came with the sign-up, has none yet: "Welcome".
   */
  signedInBefore: z.boolean().optional(),
});
export type MeResponse = z.infer<typeof MeResponse>;

const email = z.string().trim().email('Please enter a valid email address').max(320);
const password = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');
/** POST /api/account/password-reset/request */
export const PasswordResetRequest = z.strictObject({ email });
/** The one answer to a reset request, whether or not the address has an account. */
export const PASSWORD_RESET_SENT =
  'If an account exists for this e-mail, we have sent a link to reset the password. It works once, for one hour.';
/** POST /api/account/password-reset */
export const PasswordResetBody = z.strictObject({ token: z.string().min(1).max(2000), password });
export const INVALID_RESET_LINK = 'This reset link is invalid, expired or already used. Please ask for a new one.';
/** POST /api/account/verify-email */
export const VerifyEmailBody = z.strictObject({ token: z.string().min(1).max(4000) });
export const INVALID_VERIFY_LINK = 'This verification link is invalid or has expired. Sign in and send a new one.';
export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a few minutes and try again.';

/** 403 answer to an auditor outside the ledger and audit routes. */
export const AUDITORS_READ_ONLY = 'Auditors have read-only access to ledgers and audit runs';

/**
 * The signed-in account's routes (merged into `ApiContract`). The session-free reset and verification
 * pages call their routes before there is a session, with their own fetch.
 */
export interface AccountsApi {
  syncUser: { POST: { body: SyncUserRequest; response: SyncUserResponse } };
  me: { GET: { response: MeResponse } };
  /** Sends the verification e-mail again (409 when the address is already verified). */
  verificationEmail: { POST: { response: { sent: true } } };
}
