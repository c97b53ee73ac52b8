import type { FastifyInstance } from 'fastify';
import { IdentityError, type AccountMailer, type IdentityProvider, type IdentityUser } from './port';

/**
 * SuperTokens (production identity), used when SUPERTOKENS_URL is set: EmailPassword + Session
 * recipes with header-based bearer tokens, routes under /api/identity. The SDK is loaded lazily so
 * the embedded default never initialises it.
 */
export class SuperTokensProvider implements IdentityProvider {
  readonly kind = 'supertokens' as const;
  private st: any;
  private session: any;
  private emailPassword: any;
  private emailVerification: any;

  constructor(
    private readonly opts: {
      connectionURI: string;
      apiKey?: string;
      apiDomain: string;
      websiteDomain: string;
      mailer?: AccountMailer;
    },
  ) {}

  private async load() {
    if (this.st) return;
    const st = (await import('supertokens-node')).default;
    const Session = (await import('supertokens-node/recipe/session')).default;
    const EmailPassword = (await import('supertokens-node/recipe/emailpassword')).default;
    const EmailVerification = (await import('supertokens-node/recipe/emailverification')).default;
    st.init({
      framework: 'fastify',
      supertokens: { connectionURI: this.opts.connectionURI, apiKey: this.opts.apiKey },
      appInfo: {
        appName: 'FundFlow',
        apiDomain: this.opts.apiDomain,
        websiteDomain: this.opts.websiteDomain,
        apiBasePath: '/api/identity',
        websiteBasePath: '/auth',
      },
      // Verification is optional (a banner asks for it); our mailer sends both flows' e-mails from tokens we create.
      recipeList: [
        EmailPassword.init(),
        EmailVerification.init({ mode: 'OPTIONAL' }),
        Session.init({ getTokenTransferMethod: () => 'header' }),
      ],
    });
    this.st = st;
    this.session = Session;
    this.emailPassword = EmailPassword;
    this.emailVerification = EmailVerification;
  }

  async mount(app: FastifyInstance) {
    await this.load();
    const { plugin, errorHandler } = await import('supertokens-node/framework/fastify');
    await app.register(async (scope) => {
      await scope.register(plugin as any);
      scope.setErrorHandler(errorHandler() as any);
    });
  }

  async authenticate(headers: Headers): Promise<IdentityUser | null> {
    await this.load();
    const auth = headers.get('authorization');
    if (!auth?.startsWith('Bearer ')) return null;
    try {
      const s = await this.session.getSessionWithoutRequestResponse(auth.slice(7), undefined, {
        sessionRequired: false,
      });
      if (!s) return null;
      return this.userById(s.getUserId());
    } catch {
      return null;
    }
  }

  private async userById(id: string): Promise<IdentityUser | null> {
    const u = await this.st.getUser(id);
    return u ? { id: u.id, email: u.emails[0], name: null } : null;
  }

  async createUser({ email, password }: { email: string; password: string; name?: string }): Promise<IdentityUser> {
    await this.load();
    const r = await this.emailPassword.signUp('public', email, password);
    if (r.status === 'EMAIL_ALREADY_EXISTS_ERROR')
      throw new IdentityError('exists', 'A user with this e-mail already exists');
    if (r.status !== 'OK') throw new IdentityError('invalid', r.status);
    return { id: r.user.id, email: r.user.emails[0], name: null };
  }

  async signIn(email: string, password: string) {
    await this.load();
    const r = await this.emailPassword.signIn('public', email, password);
    if (r.status !== 'OK') return null;
    const session = await this.session.createNewSessionWithoutRequestResponse('public', r.recipeUserId);
    const token = session.getAllSessionTokensDangerously().accessToken as string;
    return { user: { id: r.user.id, email: r.user.emails[0], name: null }, token };
  }

  async signOut(token: string) {
    await this.load();
    const s = await this.session
      .getSessionWithoutRequestResponse(token, undefined, { sessionRequired: false })
      .catch(() => null);
    if (s) await s.revokeSession();
  }

  async revokeSessions(userId: string) {
    await this.load();
    await this.session.revokeAllSessionsForUser(userId);
  }

  async findByEmail(email: string): Promise<IdentityUser | null> {
    await this.load();
    const users = await this.st.listUsersByAccountInfo('public', { email });
    return users[0] ? { id: users[0].id, email: users[0].emails[0], name: null } : null;
  }

  private async userByEmail(email: string) {
    await this.load();
    const users = await this.st.listUsersByAccountInfo('public', { email });
    return users[0] ?? null;
  }

  async requestPasswordReset(email: string) {
    const u = await this.userByEmail(email);
    if (!u || !this.opts.mailer) return;
    const r = await this.emailPassword.createResetPasswordToken('public', u.id, email);
    if (r.status === 'OK') await this.opts.mailer.resetPassword({ id: u.id, email }, r.token);
  }

  async resetPassword(token: string, newPassword: string) {
    await this.load();
    const r = await this.emailPassword.resetPasswordUsingToken('public', token, newPassword);
    if (r.status !== 'OK') return false;
    if (r.userId) await this.session.revokeAllSessionsForUser(r.userId);
    return true;
  }

  async sendVerificationEmail(email: string) {
    const u = await this.userByEmail(email);
    if (!u || !this.opts.mailer) return;
    const recipeUserId = u.loginMethods[0].recipeUserId;
    const r = await this.emailVerification.createEmailVerificationToken('public', recipeUserId, email);
    if (r.status === 'OK') await this.opts.mailer.verifyEmail({ id: u.id, email }, r.token);
  }

  async verifyEmail(token: string): Promise<'verified' | 'already' | 'invalid'> {
    await this.load();
    const r = await this.emailVerification.verifyEmailUsingToken('public', token);
    // SuperTokens deletes a used token: a second use is indistinguishable from a wrong one.
    return r.status === 'OK' ? 'verified' : 'invalid';
  }
}
