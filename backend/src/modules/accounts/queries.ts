import { eventTime } from '@fp/infra';
import { iso, userStream } from '@fp/contracts';
import { sql } from 'kysely';
import type { AccountsServiceContext } from './context';

// The accounts' reads: the users read model and the account streams.

export interface Account {
  id: string;
  email: string;
  name: string | null;
  roles: string[];
  registeredAt: string;
  lastSignInAt: string | null;
  disabled: { at: string; reason: string | null; by: string | null } | null;
}

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

/** The account stream as it happened: registrations, role grants and revocations, disabling, sign-ins. */
export async function accountHistory(ctx: Pick<AccountsServiceContext, 'store'>, userId: string) {
  const { events } = await ctx.store.readStream(userStream(userId));
  return events.map((e) => ({
    position: e.streamPosition,
    at: eventTime(e),
    actor: e.metadata.actor ?? null,
    type: e.type,
    data: e.data as Record<string, unknown>,
  }));
}

/** Users whose e-mail or name contains `q` (all when empty), newest first: the operators' user list. */
export async function searchAccounts(
  ctx: Pick<AccountsServiceContext, 'db'>,
  q: { text: string; page: number; limit: number },
) {
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
}

/** One account by id (null when unknown). */
export async function readAccount(ctx: Pick<AccountsServiceContext, 'db'>, userId: string) {
  const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  return row ? toAccount(row) : null;
}

/** One account by e-mail, case-insensitive (null when unknown). */
export async function findAccountByEmail(ctx: Pick<AccountsServiceContext, 'db'>, email: string) {
  const row = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row ? toAccount(row) : null;
}

/** E-mails of several users (names on ledger lines and audit findings). */
export async function accountEmails(
  ctx: Pick<AccountsServiceContext, 'db'>,
  userIds: string[],
): Promise<Map<string, string>> {
  const rows = userIds.length
    ? await ctx.db.selectFrom('users').select(['id', 'email']).where('id', 'in', userIds).execute()
    : [];
  return new Map(rows.map((r) => [r.id as string, r.email as string]));
}

/** How many accounts, and how many of them disabled. */
export async function countAccounts(ctx: Pick<AccountsServiceContext, 'db'>) {
  const r = await ctx.db
    .selectFrom('users')
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) filter (where disabled_at is not null)`.as('disabled'),
    ])
    .executeTakeFirst();
  return { total: Number(r?.total ?? 0), disabled: Number(r?.disabled ?? 0) };
}

/** Whether the user has an account stream (registered once). */
export async function isRegistered(ctx: Pick<AccountsServiceContext, 'store'>, userId: string) {
  const { revision } = await ctx.store.readStream(userStream(userId));
  return revision >= 0;
}
