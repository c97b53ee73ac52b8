import { CliError, type CliCommand } from './command';
import { IdentityError } from '../platform/identity/port';

const operator = () => `operator:${process.env.USER ?? 'cli'}`;

export const userCommands: CliCommand[] = [
  {
    name: 'users create',
    summary: '--email E --password P [--name N] [--admin]  → { id, email, token }',
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, admin: { type: 'boolean' } },
    async run(rt, { values }, out) {
      const { email, password, name, admin } = values;
      if (!email || !password) throw new CliError('users create needs --email and --password');
      let id: string;
      try {
        id = (await rt.identity.createUser({ email, password, name })).id;
      } catch (err) {
        if (!(err instanceof IdentityError && err.kind === 'exists')) throw new CliError((err as Error).message);
        // Idempotent: an existing user gets a fresh token only when the password matches.
        const existing = await rt.identity.signIn(email, password);
        if (!existing) throw new CliError(`A user with e-mail ${email} already exists and the password does not match`);
        id = existing.user.id;
      }
      const session = await rt.identity.signIn(email, password);
      if (!session) throw new CliError('Could not sign the new user in');
      const [first, ...rest] = (name ?? '').split(' ').filter(Boolean);
      const meta = { now: new Date(), actor: operator() };
      await rt.services.accounts.syncUser({ userId: id, email, firstName: first ?? null, lastName: rest.join(' ') || null, profileImageUrl: null }, meta);
      if (admin) await rt.services.accounts.grantAdmin(id, meta);
      out.result({ id, email, token: session.token, admin: Boolean(admin) }, `Created ${email} (id ${id})${admin ? ' as admin' : ''}\nToken: ${session.token}`);
    },
  },
  {
    name: 'users token',
    summary: '--email E --password P  → { token }',
    options: { email: { type: 'string' }, password: { type: 'string' } },
    async run(rt, { values }, out) {
      if (!values.email || !values.password) throw new CliError('users token needs --email and --password');
      const s = await rt.identity.signIn(values.email, values.password);
      if (!s) throw new CliError('Wrong e-mail or password');
      out.result({ token: s.token }, s.token);
    },
  },
  {
    name: 'users grant-admin',
    summary: '--email E  (the only way a user becomes admin)',
    options: { email: { type: 'string' } },
    async run(rt, { values }, out) {
      if (!values.email) throw new CliError('users grant-admin needs --email');
      const user = await rt.identity.findByEmail(values.email);
      if (!user) throw new CliError(`No user with e-mail ${values.email}`);
      if (!(await rt.services.accounts.isRegistered(user.id))) {
        await rt.services.accounts.syncUser({ userId: user.id, email: user.email, firstName: null, lastName: null, profileImageUrl: null }, { now: new Date(), actor: operator() });
      }
      const r = await rt.services.accounts.grantAdmin(user.id, { now: new Date(), actor: operator() });
      out.result({ id: user.id, email: user.email, admin: true, changed: r.changed }, r.changed ? `${user.email} is now an admin` : `${user.email} was already an admin`);
    },
  },
];
