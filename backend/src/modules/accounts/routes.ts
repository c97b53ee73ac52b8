import { SyncUserRequest } from '@fp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth';
import { metaFor } from '../../platform/context';
import type { AccountsContext } from './route-context';
import { DomainError } from '../../platform/decider';
import { parse } from '../../platform/http';
import { typedRoute } from '../../platform/typed-route';

export function accountRoutes(app: FastifyInstance, ctx: AccountsContext) {
  typedRoute(app, 'syncUser', 'POST', async (req) => {
    const user = requireUser(req);
    const body = parse(SyncUserRequest, req.body);
    // A session may only sync its own user: the id in the body must be the session's.
    if (body.id !== user.id)
      throw new DomainError('The user in the request does not match the signed-in user', 403, 'forbidden');
    return ctx.accounts.syncUser(
      {
        userId: user.id,
        email: user.email,
        firstName: body.firstName,
        lastName: body.lastName,
        profileImageUrl: body.profileImageUrl,
      },
      metaFor(ctx, user.id),
    );
  });

  typedRoute(app, 'me', 'GET', async (req) => {
    const user = requireUser(req);
    const [row, history] = await Promise.all([
      ctx.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirst(),
      ctx.accounts.history(user.id),
    ]);
    const [first, ...rest] = (user.name ?? '').split(' ').filter(Boolean);
    return {
      user: {
        id: user.id,
        email: row?.email ?? user.email,
        firstName: row?.first_name ?? first ?? null,
        lastName: row?.last_name ?? (rest.length ? rest.join(' ') : null),
        profileImageUrl: row?.profile_image_url ?? null,
      },
      roles: user.roles,
      emailVerified: user.emailVerified ?? null,
      // From the stream, not the read model: the sign-in that brought them here was appended just before.
      signedInBefore: history.some((e) => e.type === 'UserSignedIn'),
    };
  });
}
