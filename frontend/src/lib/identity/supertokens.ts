import { API_ROUTES, IDENTITY_BASE_PATH } from '@fp/contracts';
import type { IdentityAdapter, IdentityUser } from './types';
import { splitName } from './names';

type FieldResult = { status: 'FIELD_ERROR'; formFields: { id: string; error: string }[] };

function fieldErrorMessage(r: FieldResult): string {
  return r.formFields.map((f) => f.error).join(' ') || 'Please check the form and try again.';
}

function errorMessage(error: unknown, fallback: string): string {
  // STGeneralError carries a user-facing message; anything else is a transport failure.
  if (error && typeof error === 'object' && 'isSuperTokensGeneralError' in error && error instanceof Error) {
    return error.message;
  }
  return fallback;
}

/**
 * SuperTokens (the production identity provider): EmailPassword + Session recipes, tokens in
 * headers (not cookies), API under /api/identity. Loaded lazily: only used when /api/config says so.
 *
 * Sign-up sends a `name` form field; the backend should declare it (optional) in its
 * EmailPassword signUpFeature. If the backend rejects the extra field, sign-up retries without it.
 */
export async function createSuperTokensAdapter(): Promise<IdentityAdapter> {
  const [{ default: SuperTokens }, { default: Session }, { default: EmailPassword }] = await Promise.all([
    import('supertokens-web-js'),
    import('supertokens-web-js/recipe/session'),
    import('supertokens-web-js/recipe/emailpassword'),
  ]);

  SuperTokens.init({
    appInfo: { appName: 'FundFlow', apiDomain: window.location.origin, apiBasePath: IDENTITY_BASE_PATH },
    recipeList: [Session.init({ tokenTransferMethod: 'header' }), EmailPassword.init()],
  });

  async function getToken(): Promise<string | null> {
    if (!(await Session.doesSessionExist())) return null;
    return (await Session.getAccessToken()) ?? null;
  }

  /** The session only knows the user id; profile fields come from the API. */
  async function currentUser(fallbackEmail = '', fallbackName = ''): Promise<IdentityUser | null> {
    const token = await getToken();
    if (!token) return null;
    const id = await Session.getUserId();
    const payload = ((await Session.getAccessTokenPayloadSecurely().catch(() => ({}))) ?? {}) as Record<
      string,
      unknown
    >;
    let user: IdentityUser = {
      id,
      email: typeof payload.email === 'string' ? payload.email : fallbackEmail,
      ...splitName(fallbackName),
      profileImageUrl: null,
    };
    try {
      const res = await fetch(API_ROUTES.me, {
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      });
      if (res.ok) {
        const body = (await res.json()) as { user?: Partial<IdentityUser> & { name?: string } };
        const u = body.user;
        if (u) {
          const split = splitName(u.name);
          user = {
            id: u.id ?? id,
            email: u.email ?? user.email,
            firstName: u.firstName ?? split.firstName ?? user.firstName,
            lastName: u.lastName ?? split.lastName ?? user.lastName,
            profileImageUrl: u.profileImageUrl ?? null,
          };
        }
      }
    } catch (error) {
      console.error('Could not load the signed-in user profile', error);
    }
    return user;
  }

  return {
    provider: 'supertokens',
    loadUser: () => currentUser(),
    getToken,

    async signIn(email, password) {
      let r;
      try {
        r = await EmailPassword.signIn({
          formFields: [
            { id: 'email', value: email },
            { id: 'password', value: password },
          ],
        });
      } catch (error) {
        throw new Error(errorMessage(error, 'Sign in failed. Please try again.'));
      }
      if (r.status === 'FIELD_ERROR') throw new Error(fieldErrorMessage(r));
      if (r.status === 'WRONG_CREDENTIALS_ERROR') throw new Error('Invalid email or password');
      if (r.status === 'SIGN_IN_NOT_ALLOWED') throw new Error(r.reason);
      const user = await currentUser(email);
      if (!user) throw new Error('Sign in failed. Please try again.');
      return user;
    },

    async signUp(name, email, password) {
      const base = [
        { id: 'email', value: email },
        { id: 'password', value: password },
      ];
      let r;
      try {
        r = await EmailPassword.signUp({ formFields: [...base, { id: 'name', value: name }] });
      } catch {
        try {
          r = await EmailPassword.signUp({ formFields: base });
        } catch (error) {
          throw new Error(errorMessage(error, 'Sign up failed. Please try again.'));
        }
      }
      if (r.status === 'FIELD_ERROR') throw new Error(fieldErrorMessage(r));
      if (r.status === 'SIGN_UP_NOT_ALLOWED') throw new Error(r.reason);
      const user = await currentUser(email, name);
      if (!user) throw new Error('Sign up failed. Please try again.');
      return user;
    },

    async signOut() {
      try {
        await Session.signOut();
      } catch (error) {
        console.error('Sign out request failed', error);
      }
    },
  };
}
