export type IdentityProviderName = 'better-auth' | 'supertokens';

/** The identity-provider user (spec §3). */
export interface IdentityUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

/** What the app reads from GET /api/config (public, no session). */
export interface AppConfig {
  identityProvider: IdentityProviderName;
  bookCallUrl: string;
  contactUrl: string;
}

/** The identity interface every screen uses (via useIdentity()). */
export interface Identity {
  /** False until the provider has been chosen and the session checked. */
  loaded: boolean;
  signedIn: boolean;
  user: IdentityUser | null;
  /** Which provider is active, once loaded. */
  provider: IdentityProviderName | null;
  /** The bearer session token, or null when signed out. */
  getToken(): Promise<string | null>;
  /** Resolves when signed in; rejects with a readable message. */
  signIn(email: string, password: string): Promise<void>;
  /** Creates the account and signs in; rejects with a readable message. */
  signUp(name: string, email: string, password: string): Promise<void>;
  /** Ends the session. The caller decides where to go next (the shell goes to /). */
  signOut(): Promise<void>;
}

/** One implementation per provider; the store picks one from /api/config. */
export interface IdentityAdapter {
  readonly provider: IdentityProviderName;
  /** The current session's user, or null when signed out. */
  loadUser(): Promise<IdentityUser | null>;
  getToken(): Promise<string | null>;
  signIn(email: string, password: string): Promise<IdentityUser>;
  signUp(name: string, email: string, password: string): Promise<IdentityUser>;
  signOut(): Promise<void>;
}
