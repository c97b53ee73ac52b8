import { eventTime } from '@fp/infra';
import { userStream, type UserRole } from '@fp/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context';
import type { CreditsService } from '../credits/index';
import { handleCommand, type CommandMeta } from '../../platform/decider';
import { accountDecider, type AccountCommand } from './decider';
import type { IdentityProvider } from '../../platform/identity/port';

export interface SyncInput {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

export function createAccountsService(
  ctx: Pick<AppContext, 'store' | 'db' | 'config' | 'projections'> & {
    credits: CreditsService;
    identity: IdentityProvider;
  },
) {
  /** Decides on the user's stream and answers once the users read model shows it (the session check reads it). */
  const run = async (command: AccountCommand, meta: CommandMeta) => {
    const r = await handleCommand(ctx.store, userStream(command.data.userId), accountDecider, command, meta);
    await ctx.projections.waitFor(r.checkpoint ?? null, 5000).catch(() => undefined);
    return { changed: r.events.length > 0 };
  };
  return {
    /**
     * Registers the user (once) and grants the free starting credits (once). Safe to call any number
     * of times, concurrently: both steps are decided on their own stream with optimistic concurrency.
     */
    async syncUser(input: SyncInput, meta: CommandMeta): Promise<{ isNewUser: boolean; creditBalance: number }> {
      const reg = await handleCommand(
        ctx.store,
        userStream(input.userId),
        accountDecider,
        { type: 'SyncUser', data: input },
        meta,
        { maxRetries: 50 },
      );
      const isNewUser = reg.events.some((e) => e.type === 'UserRegistered');
      const credits = await ctx.credits.grantStarting(input.userId, ctx.config.freeCredits, meta);
      // Answer once the read models show it, so the next query (balance, /me) agrees with this answer.
      await ctx.projections.waitFor(credits.checkpoint ?? reg.checkpoint ?? null, 5000).catch(() => undefined);
      return { isNewUser, creditBalance: credits.balance };
    },
    async grantAdmin(userId: string, meta: CommandMeta) {
      return this.grantRole(userId, 'admin', meta);
    },
    async grantRole(userId: string, role: UserRole, meta: CommandMeta) {
      return run({ type: 'GrantRole', data: { userId, role } }, meta);
    },
    async revokeRole(userId: string, role: UserRole, meta: CommandMeta) {
      return run({ type: 'RevokeRole', data: { userId, role } }, meta);
    },
    /** Refuses the account's sign-ins and ends its sessions at once (the session check reads the read model). */
    async disable(userId: string, reason: string, meta: CommandMeta) {
      const r = await run({ type: 'DisableAccount', data: { userId, reason } }, meta);
      await ctx.identity.revokeSessions(userId);
      return r;
    },
    async enable(userId: string, meta: CommandMeta) {
      return run({ type: 'EnableAccount', data: { userId } }, meta);
    },
    async recordSignIn(userId: string, meta: CommandMeta) {
      await handleCommand(
        ctx.store,
        userStream(userId),
        accountDecider,
        { type: 'RecordSignIn', data: { userId } },
        meta,
        { maxRetries: 50 },
      );
    },
    /** The account stream as it happened: registrations, role grants and revocations, disabling, sign-ins. */
    async history(userId: string) {
      const { events } = await ctx.store.readStream(userStream(userId));
      return events.map((e) => ({
        position: e.streamPosition,
        at: eventTime(e),
        actor: e.metadata.actor ?? null,
        type: e.type,
        data: e.data as Record<string, unknown>,
      }));
    },
    /** Users whose e-mail or name contains `q` (all when empty), newest first: the operators' user list. */
    async search(q: { text: string; page: number; limit: number }) {
      let query = ctx.db.selectFrom('users');
      if (q.text) {
        const like = `%${q.text.replace(/[%_\\]/g, '\\$&')}%`;
        query = query.where((eb) =>
          eb.or([
            eb('email', 'ilike', like),
            eb(sql`coalesce(first_name, '') || ' ' || coalesce(last_name, '')`, 'ilike', like),
            eb('id', '=', q.text),
          ]),
        );
      }
      const [rows, total] = await Promise.all([
        query
          .selectAll()
          .orderBy('registered_at', 'desc')
          .orderBy('id')
          .limit(q.limit)
          .offset((q.page - 1) * q.limit)
          .execute(),
        query.select(sql<string>`count(*)`.as('n')).executeTakeFirst(),
      ]);
      return { rows: rows.map(toAccount), total: Number(total?.n ?? 0) };
    },
    async get(userId: string) {
      const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
      return row ? toAccount(row) : null;
    },
    async findByEmail(email: string) {
      const row = await ctx.db
        .selectFrom('users')
        .selectAll()
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
      return row ? toAccount(row) : null;
    },
    /** E-mails of several users (names on ledger lines and audit findings). */
    async emails(userIds: string[]): Promise<Map<string, string>> {
      const rows = userIds.length
        ? await ctx.db.selectFrom('users').select(['id', 'email']).where('id', 'in', userIds).execute()
        : [];
      return new Map(rows.map((r) => [r.id as string, r.email as string]));
    },
    async counts() {
      const r = await ctx.db
        .selectFrom('users')
        .select([
          sql<string>`count(*)`.as('total'),
          sql<string>`count(*) filter (where disabled_at is not null)`.as('disabled'),
        ])
        .executeTakeFirst();
      return { total: Number(r?.total ?? 0), disabled: Number(r?.disabled ?? 0) };
    },
    async isRegistered(userId: string) {
      const { revision } = await ctx.store.readStream(userStream(userId));
      return revision >= 0;
    },
  };
}
export interface Account {
  id: string;
  email: string;
  name: string | null;
  roles: string[];
  registeredAt: string;
  lastSignInAt: string | null;
  disabled: { at: string; reason: string | null; by: string | null } | null;
}

const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);

function toAccount(r: Record<string, any>): Account {
  const name = [r.first_name, r.last_name].filter(Boolean).join(' ');
  return {
    id: r.id,
    email: r.email,
    name: name || null,
    roles: r.roles ?? [],
    registeredAt: iso(r.registered_at)!,
    lastSignInAt: iso(r.last_sign_in_at),
    disabled: r.disabled_at
      ? { at: iso(r.disabled_at)!, reason: r.disabled_reason ?? null, by: r.disabled_by ?? null }
      : null,
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
