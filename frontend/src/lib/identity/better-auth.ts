import { IDENTITY_BASE_PATH } from '@fp/contracts';
import { createAuthClient } from 'better-auth/client';
import { splitName } from './names';
import { BETTER_AUTH_TOKEN_KEY } from './token-key';
import type { IdentityAdapter, IdentityUser } from './types';

function readToken(): string | null {
  try {
    return localStorage.getItem(BETTER_AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}
function writeToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(BETTER_AUTH_TOKEN_KEY, token);
    else localStorage.removeItem(BETTER_AUTH_TOKEN_KEY);
  } catch {
    // Storage blocked: the session lasts for this page only.
  }
}

interface BetterAuthUser {
  id: string;
  email: string;
  name?: string | null;
  image?: string | null;
}

function toIdentityUser(u: BetterAuthUser): IdentityUser {
  const { firstName, lastName } = splitName(u.name);
  return { id: u.id, email: u.email, firstName, lastName, profileImageUrl: u.image ?? null };
}

interface ClientError {
  message?: string;
  statusText?: string;
  status?: number;
}
function messageOf(error: ClientError | null | undefined, fallback: string): string {
  if (!error) return fallback;
  if (error.message) return error.message;
  if (error.status === 429) return 'Too many attempts. Please wait a moment and try again.';
  return error.statusText || fallback;
}

/**
 * better-auth (the embedded default) with bearer sessions: the server's bearer plugin returns the
 * token in the `set-auth-token` header, which is stored and sent back on every call.
 */
export function createBetterAuthAdapter(): IdentityAdapter {
  const client = createAuthClient({
    baseURL: window.location.origin,
    basePath: IDENTITY_BASE_PATH,
    fetchOptions: {
      auth: { type: 'Bearer', token: () => readToken() ?? '' },
      onSuccess: (ctx) => {
        const token = ctx.response.headers.get('set-auth-token');
        if (token) writeToken(token);
      },
    },
  });

  return {
    provider: 'better-auth',

    async loadUser() {
      // Without a token no API call could be authorised, so there is nothing to restore.
      if (!readToken()) return null;
      const { data, error } = await client.getSession();
      if (error || !data?.user) {
        if (!error || error.status === 401 || error.status === 403 || !data) writeToken(null);
        return null;
      }
      return toIdentityUser(data.user);
    },

    async getToken() {
      return readToken();
    },

    async signIn(email, password) {
      const { data, error } = await client.signIn.email({ email, password });
      if (error || !data) throw new Error(messageOf(error, 'Sign in failed. Please try again.'));
      // The header normally carries the token; the body's token is the fallback.
      if (!readToken() && data.token) writeToken(data.token);
      return toIdentityUser(data.user);
    },

    async signUp(name, email, password) {
      const { data, error } = await client.signUp.email({ name, email, password });
      if (error || !data) throw new Error(messageOf(error, 'Sign up failed. Please try again.'));
      if (!readToken() && data.token) writeToken(data.token);
      // Servers that do not sign in on sign-up (no token): sign in explicitly.
      if (!readToken()) return this.signIn(email, password);
      return toIdentityUser(data.user);
    },

    async signOut() {
      try {
        await client.signOut();
      } catch (error) {
        console.error('Sign out request failed; clearing the local session anyway', error);
      } finally {
        writeToken(null);
      }
    },
  };
}
