import { betterAuth } from 'better-auth';
import { bearer } from 'better-auth/plugins';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from 'better-auth/crypto';
import { isDatabaseBusy } from '@fp/infra';
import type pg from 'pg';
import { IdentityError, headersFrom, type AccountMailer, type IdentityProvider, type IdentityUser } from './port';

const SESSION_DAYS = 7;
/** better-auth moves a session's expiry on when it is used this long after the last move (its `updateAge`). */
const UPDATE_AGE_S = 86400;

/** A signature as base64url without padding, whichever base64 alphabet it was written in. */
const canonicalSig = (sig: string) => sig.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/**
 * The test app's password hashing: scrypt with N = 1024 (better-auth's standard is N = 16384, r = 16), as
 * `test$salt$key`. A standard hash still verifies, so a test database may hold both.
 */
const TEST_SCRYPT = { N: 1024, r: 8, p: 1 } as const;
const testKey = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, 32, TEST_SCRYPT, (err, key) => (err ? reject(err) : resolve(key))),
  );
const testPasswordHashing = {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString('hex');
    return `test$${salt}$${(await testKey(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    const [kind, salt, key] = hash.split('$');
    if (kind !== 'test' || !salt || !key) return verifyPassword({ hash, password });
    const expected = Buffer.from(key, 'hex');
    const actual = await testKey(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};

/** better-auth in-process (embedded default): e-mail + password, bearer session tokens. */
export class BetterAuthProvider implements IdentityProvider {
  readonly kind = 'better-auth' as const;
  private readonly auth;
  private readonly secret: string;
  private readonly expiresInS: number;
  /** How each authenticated request was answered (the tests check that the common case is the short path). */
  readonly answered = { direct: 0, betterAuth: 0 };

  constructor(
    private readonly pool: pg.Pool,
    opts: {
      secret: string;
      baseURL: string;
      sessionExpiresInSeconds?: number;
      mailer?: AccountMailer;
      /** 'test': the test app's cheap hashing (AppConfig.passwordHashing); default 'standard'. */
      passwordHashing?: 'standard' | 'test';
    },
  ) {
    const mailer = opts.mailer;
    this.secret = opts.secret;
    this.expiresInS = opts.sessionExpiresInSeconds ?? SESSION_DAYS * 86400;
    this.auth = betterAuth({
      database: pool,
      secret: opts.secret,
      baseURL: opts.baseURL,
      basePath: '/api/identity',
      emailAndPassword: {
        enabled: true,
        autoSignIn: true,
        minPasswordLength: 8,
        maxPasswordLength: 128,
        // better-auth's own reset flow: a one-use token in auth_verification, valid for an hour.
        resetPasswordTokenExpiresIn: 3600,
        revokeSessionsOnPasswordReset: true,
        ...(opts.passwordHashing === 'test' ? { password: testPasswordHashing } : {}),
        sendResetPassword: mailer
          ? async ({ user, token }: { user: { id: string; email: string }; token: string }) =>
              mailer.resetPassword(user, token)
          : undefined,
      },
      emailVerification: mailer
        ? {
            sendOnSignUp: true,
            expiresIn: 86400,
            sendVerificationEmail: async ({ user, token }: { user: { id: string; email: string }; token: string }) =>
              mailer.verifyEmail(user, token),
          }
        : undefined,
      session: { modelName: 'auth_session', expiresIn: this.expiresInS, updateAge: UPDATE_AGE_S },
      user: { modelName: 'auth_user' },
      account: { modelName: 'auth_account' },
      verification: { modelName: 'auth_verification' },
      plugins: [bearer()],
      // Recovery goes through /api/account/* (rate limited, one answer for every address).
      disabledPaths: [
        '/request-password-reset',
        '/reset-password',
        '/send-verification-email',
        '/verify-email',
        '/forget-password',
      ],
      // Bearer tokens, not cookies, carry the session; the same origin as the request is trusted.
      trustedOrigins: async (request?: Request) => {
        const host = request?.headers.get('host');
        return host ? [`http://${host}`, `https://${host}`, opts.baseURL] : [opts.baseURL];
      },
      telemetry: { enabled: false },
      logger: { level: 'error' },
    } as any);
  }

  async mount(app: FastifyInstance) {
    const handler = async (req: FastifyRequest, reply: any) => {
      const url = new URL(req.url, `http://${req.headers.host ?? 'localhost'}`);
      const headers = headersFrom(req.headers as Record<string, string | string[] | undefined>);
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.body !== undefined;
      const res = await this.auth.handler(
        new Request(url, { method: req.method, headers, body: hasBody ? JSON.stringify(req.body) : undefined }),
      );
      reply.status(res.status);
      res.headers.forEach((value: string, key: string) => {
        if (key !== 'content-length' && key !== 'content-encoding') reply.header(key, value);
      });
      // The browser reads the bearer token from this header.
      reply.header('access-control-expose-headers', 'set-auth-token');
      const text = await res.text();
      return reply.send(text);
    };
    app.route({ method: ['GET', 'POST'], url: '/api/identity/*', handler });
  }

  async authenticate(headers: Headers): Promise<IdentityUser | null> {
    const authorization = headers.get('authorization');
    if (!authorization?.startsWith('Bearer ')) return null;
    // A busy database is not a bad session: it is answered 503 (retry), never 401 (sign in again).
    const direct = await this.sessionByToken(authorization.slice(7).trim()).catch((err) => {
      if (isDatabaseBusy(err)) throw err;
      return undefined;
    });
    if (direct !== undefined) {
      this.answered.direct++;
      return direct;
    }
    this.answered.betterAuth++;
    try {
      const s = await this.auth.api.getSession({ headers });
      return s
        ? {
            id: s.user.id,
            email: s.user.email,
            name: s.user.name || null,
            emailVerified: Boolean(s.user.emailVerified),
          }
        : null;
    } catch (err) {
      if (isDatabaseBusy(err)) throw err;
      return null;
    }
  }

  /**
   * The common case of a request's session without better-auth's machinery, which cost most of a
   * cheap request's CPU (two WebCrypto key imports and HMACs, a request context): the signed token
   * (`<token>.<HMAC-SHA256 of it with the secret>`, as better-auth hands it out over HTTP) checked
   * with node's HMAC, or the bare token, then the session and its user read by the token in one query. Undefined hands the request
   * to better-auth: a token in another form or with another signature, a session past its expiry
   * (better-auth deletes it) or due for its daily move of the expiry (better-auth moves it).
   */
  private async sessionByToken(bearer: string): Promise<IdentityUser | null | undefined> {
    let token = bearer;
    if (token.includes('%')) {
      try {
        token = decodeURIComponent(token);
      } catch {
        return undefined;
      }
    }
    const dot = token.indexOf('.');
    // The bare token (as signIn returns it) is accepted by better-auth's bearer plugin too, which signs it itself.
    if (dot < 0 && !/^[A-Za-z0-9_-]{16,}$/.test(token)) return undefined;
    if (dot === 0 || dot !== token.lastIndexOf('.')) return undefined;
    const value = dot < 0 ? token : token.slice(0, dot);
    if (dot > 0) {
      const given = Buffer.from(canonicalSig(token.slice(dot + 1)));
      const expected = Buffer.from(createHmac('sha256', this.secret).update(value).digest('base64url'));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    }
    const r = await this.pool.query<{
      expiresAt: Date;
      id: string;
      email: string;
      name: string;
      emailVerified: boolean;
    }>(
      'select s."expiresAt", u.id, u.email, u.name, u."emailVerified" from auth_session s join auth_user u on u.id = s."userId" where s.token = $1',
      [value],
    );
    const row = r.rows[0];
    // A well-signed token with no session: signed out, revoked, or removed when it expired.
    if (!row) return null;
    const expires = new Date(row.expiresAt).getTime();
    const now = Date.now();
    if (expires <= now || expires - (this.expiresInS - UPDATE_AGE_S) * 1000 <= now) return undefined;
    return { id: row.id, email: row.email, name: row.name || null, emailVerified: Boolean(row.emailVerified) };
  }

  async createUser({
    email,
    password,
    name,
  }: {
    email: string;
    password: string;
    name?: string;
  }): Promise<IdentityUser> {
    if (await this.findByEmail(email)) throw new IdentityError('exists', 'A user with this e-mail already exists');
    try {
      const r = await this.auth.api.signUpEmail({ body: { email, password, name: name ?? email.split('@')[0]! } });
      return { id: r.user.id, email: r.user.email, name: r.user.name || null };
    } catch (err) {
      throw new IdentityError('invalid', (err as Error).message);
    }
  }

  async signIn(email: string, password: string) {
    try {
      const r = await this.auth.api.signInEmail({ body: { email, password } });
      if (!r?.token) return null;
      return { user: { id: r.user.id, email: r.user.email, name: r.user.name || null }, token: r.token };
    } catch {
      return null;
    }
  }

  async signOut(token: string) {
    await this.pool.query('delete from auth_session where token = $1', [token]);
  }

  async revokeSessions(userId: string) {
    await this.pool.query('delete from auth_session where "userId" = $1', [userId]);
  }

  async findByEmail(email: string): Promise<IdentityUser | null> {
    const r = await this.pool.query('select id, email, name from auth_user where lower(email) = lower($1)', [email]);
    const row = r.rows[0];
    return row ? { id: row.id, email: row.email, name: row.name || null } : null;
  }

  async requestPasswordReset(email: string) {
    await this.auth.api.requestPasswordReset({ body: { email } });
  }

  async resetPassword(token: string, newPassword: string) {
    try {
      await this.auth.api.resetPassword({ body: { token, newPassword } });
      return true;
    } catch {
      return false;
    }
  }

  async sendVerificationEmail(email: string) {
    const user = await this.pool.query('select "emailVerified" as v from auth_user where lower(email) = lower($1)', [
      email,
    ]);
    if (!user.rows[0] || user.rows[0].v) return;
    await this.auth.api.sendVerificationEmail({ body: { email } });
  }

  async verifyEmail(token: string): Promise<'verified' | 'already' | 'invalid'> {
    // The token is a signed, expiring JWT naming the address: a second use finds it verified already.
    const [, payload] = token.split('.');
    let email: string | undefined;
    try {
      email = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')).email;
    } catch {
      return 'invalid';
    }
    const before = email
      ? await this.pool.query('select "emailVerified" as v from auth_user where lower(email) = lower($1)', [email])
      : null;
    try {
      await this.auth.api.verifyEmail({ query: { token } });
    } catch {
      return 'invalid';
    }
    return before?.rows[0]?.v ? 'already' : 'verified';
  }
}
