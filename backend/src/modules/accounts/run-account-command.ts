import { userStream } from '@fp/contracts';
import { handleCommand, type CommandMeta } from '../../platform/decider';
import type { AccountsServiceContext } from './context';
import { accountDecider, type AccountCommand } from './account-decider';

/** Decides on the user's stream and answers once the users read model shows it (the session check reads it). */
export async function runAccountCommand(
  ctx: Pick<AccountsServiceContext, 'store' | 'projections'>,
  command: AccountCommand,
  meta: CommandMeta,
) {
  const r = await handleCommand(ctx.store, userStream(command.data.userId), accountDecider, command, meta);
  await ctx.projections.waitFor(r.checkpoint ?? null, 5000).catch(() => undefined);
  return { changed: r.events.length > 0 };
}
