import type { FastifyInstance } from 'fastify';

export interface IdentityUser {
  id: string;
  email: string;
  name: string | null;
  /** Whether the user opened the link of the verification e-mail. */
  emailVerified?: boolean;
}

/** How the identity provider's flows reach the user: the composition root wires this to the mail module. */
export interface AccountMailer {
  /** The link's token is the provider's; it expires and works once. */
  resetPassword(user: { id: string; email: string }, token: string): Promise<void>;
  verifyEmail(user: { id: string; email: string }, token: string): Promise<void>;
}

/**
 * The identity provider port. The embedded default is better-auth on our Postgres; SuperTokens is
 * used when SUPERTOKENS_URL is set. Both pass identity/test/identity.contract.ts.
 */
export interface IdentityProvider {
  readonly kind: 'better-auth' | 'supertokens';
  /** Mounts the provider's own routes (sign-up, sign-in, sign-out, session) under /api/identity. */
  mount(app: FastifyInstance): Promise<void>;
  /** The user behind the request's `Authorization: Bearer` token, or null when absent, invalid or expired. */
  authenticate(headers: Headers): Promise<IdentityUser | null>;
  /** Creates a user; throws IdentityError('exists') when the e-mail is taken. */
  createUser(input: { email: string; password: string; name?: string }): Promise<IdentityUser>;
  /** A fresh bearer token when the password matches, else null. */
  signIn(email: string, password: string): Promise<{ user: IdentityUser; token: string } | null>;
  /** Ends the session behind a token. */
  signOut(token: string): Promise<void>;
  findByEmail(email: string): Promise<IdentityUser | null>;
  /** Ends every session of the user (an account disabled by an operator). */
  revokeSessions(userId: string): Promise<void>;
  /** Mails a reset link when the address has an account; does nothing otherwise (the caller answers the same). */
  requestPasswordReset(email: string): Promise<void>;
  /** Sets the password from a reset token and ends the user's sessions; false when the token is wrong, expired or used. */
  resetPassword(token: string, newPassword: string): Promise<boolean>;
  /** Mails a verification link to an unverified account; nothing for unknown or verified addresses. */
  sendVerificationEmail(email: string): Promise<void>;
  /** Marks the address verified: 'verified', 'already' (a second use) or 'invalid' (wrong or expired). */
  verifyEmail(token: string): Promise<'verified' | 'already' | 'invalid'>;
  close?(): Promise<void>;
}

export class IdentityError extends Error {
  constructor(
    readonly kind: 'exists' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

export function headersFrom(raw: Record<string, string | string[] | undefined>): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const x of v) h.append(k, x);
    else h.set(k, v);
  }
  return h;
}

/** The e-mail of a password sign-in request: better-auth sends `email`, SuperTokens a `formFields` list. */
export function signInEmail(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as { email?: unknown; formFields?: Array<{ id?: unknown; value?: unknown }> };
  const raw =
    typeof b.email === 'string'
      ? b.email
      : Array.isArray(b.formFields)
        ? b.formFields.find((f) => f?.id === 'email')?.value
        : undefined;
  return typeof raw === 'string' && raw.trim() ? raw.trim().toLowerCase().slice(0, 320) : null;
}

/** The provider's password sign-in route (better-auth, SuperTokens). */
export const isSignIn = (method: string, path: string) =>
  method === 'POST' && /^\/api\/identity\/(sign-in\/email|signin)$/.test(path);
