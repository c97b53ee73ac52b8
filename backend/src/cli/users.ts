import { CliError, type CliCommand } from './command';
import { ROLES, type UserRole } from '@fp/contracts';
import { IdentityError } from '../platform/identity/port';
import type { Runtime } from '../runtime';

const operator = () => `operator:${process.env.USER ?? 'cli'}`;

export const userCommands: CliCommand[] = [
  {
    name: 'users create',
    summary: '--email E --password P [--name N] [--admin]  → { id, email, token }',
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      admin: { type: 'boolean' },
    },
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
      await rt.services.accounts.syncUser(
        { userId: id, email, firstName: first ?? null, lastName: rest.join(' ') || null, profileImageUrl: null },
        meta,
      );
      if (admin) await rt.services.accounts.grantAdmin(id, meta);
      out.result(
        { id, email, token: session.token, admin: Boolean(admin) },
        `Created ${email} (id ${id})${admin ? ' as admin' : ''}\nToken: ${session.token}`,
      );
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
    summary: '--email E  (same as grant-role --role admin)',
    options: { email: { type: 'string' } },
    async run(rt, { values }, out) {
      const user = await registeredUser(rt, values.email, 'users grant-admin');
      const r = await rt.services.accounts.grantRole(user.id, 'admin', { now: new Date(), actor: operator() });
      out.result(
        { id: user.id, email: user.email, admin: true, changed: r.changed },
        r.changed ? `${user.email} is now an admin` : `${user.email} was already an admin`,
      );
    },
  },
  {
    name: 'users grant-role',
    summary: `--email E --role ${ROLES.join('|')}  (an event with the operator as actor)`,
    options: { email: { type: 'string' }, role: { type: 'string' } },
    async run(rt, { values }, out) {
      const role = roleOf(values.role, 'users grant-role');
      const user = await registeredUser(rt, values.email, 'users grant-role');
      const r = await rt.services.accounts.grantRole(user.id, role, { now: new Date(), actor: operator() });
      out.result(
        { id: user.id, email: user.email, role, changed: r.changed },
        r.changed ? `${user.email} is now ${role}` : `${user.email} already had the role ${role}`,
      );
    },
  },
  {
    name: 'users revoke-role',
    summary: `--email E --role ${ROLES.join('|')}`,
    options: { email: { type: 'string' }, role: { type: 'string' } },
    async run(rt, { values }, out) {
      const role = roleOf(values.role, 'users revoke-role');
      const user = await registeredUser(rt, values.email, 'users revoke-role');
      const r = await rt.services.accounts.revokeRole(user.id, role, { now: new Date(), actor: operator() });
      out.result(
        { id: user.id, email: user.email, role, changed: r.changed },
        r.changed ? `${user.email} no longer has the role ${role}` : `${user.email} did not have the role ${role}`,
      );
    },
  },
  {
    name: 'users disable',
    summary: '--email E --reason R  (ends the sessions; sign-in refused until enabled)',
    options: { email: { type: 'string' }, reason: { type: 'string' } },
    async run(rt, { values }, out) {
      if (!values.reason?.trim()) throw new CliError('users disable needs --reason');
      const user = await registeredUser(rt, values.email, 'users disable');
      const r = await rt.services.accounts.disable(user.id, values.reason.trim(), {
        now: new Date(),
        actor: operator(),
      });
      out.result(
        { id: user.id, email: user.email, disabled: true, changed: r.changed },
        r.changed ? `${user.email} is disabled; their sessions have ended` : `${user.email} was already disabled`,
      );
    },
  },
  {
    name: 'users enable',
    summary: '--email E',
    options: { email: { type: 'string' } },
    async run(rt, { values }, out) {
      const user = await registeredUser(rt, values.email, 'users enable');
      const r = await rt.services.accounts.enable(user.id, { now: new Date(), actor: operator() });
      out.result(
        { id: user.id, email: user.email, disabled: false, changed: r.changed },
        r.changed ? `${user.email} may sign in again` : `${user.email} was not disabled`,
      );
    },
  },
  {
    name: 'users history',
    summary:
      "--email E  the account's events: registration, role grants and revocations, disabling, sign-ins, with who and when",
    options: { email: { type: 'string' } },
    async run(rt, { values }, out) {
      const user = await registeredUser(rt, values.email, 'users history');
      for (const e of await rt.services.accounts.history(user.id))
        out.result(e, `${e.at}  ${e.actor ?? '?'}  ${describeAccountEvent(e)}`);
    },
  },
];

function roleOf(value: string | undefined, command: string): UserRole {
  if (!ROLES.includes(value as UserRole)) throw new CliError(`${command} needs --role ${ROLES.join(' or ')}`);
  return value as UserRole;
}

/** The user behind an e-mail, registered on our side first if the provider knows them but we do not yet. */
async function registeredUser(rt: Runtime, email: string | undefined, command: string) {
  if (!email) throw new CliError(`${command} needs --email`);
  const user = await rt.identity.findByEmail(email);
  if (!user) throw new CliError(`No user with e-mail ${email}`);
  if (!(await rt.services.accounts.isRegistered(user.id))) {
    await rt.services.accounts.syncUser(
      { userId: user.id, email: user.email, firstName: null, lastName: null, profileImageUrl: null },
      { now: new Date(), actor: operator() },
    );
  }
  return user;
}

function describeAccountEvent(e: { type: string; data: Record<string, unknown> }): string {
  const d = e.data;
  switch (e.type) {
    case 'UserRegistered':
      return `registered as ${String(d.email)}`;
    case 'UserDetailsChanged':
      return `details changed (${String(d.email)})`;
    case 'AdminRoleGranted':
      return 'granted role admin';
    case 'RoleGranted':
      return `granted role ${String(d.role)}`;
    case 'RoleRevoked':
      return `revoked role ${String(d.role)}`;
    case 'AccountDisabled':
      return `disabled: ${String(d.reason)}`;
    case 'AccountEnabled':
      return 'enabled';
    case 'UserSignedIn':
      return 'signed in';
    default:
      return e.type;
  }
}
