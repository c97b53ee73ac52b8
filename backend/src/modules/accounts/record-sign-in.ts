import { userStream } from '@fp/contracts';
import { handleCommand, type CommandMeta } from '../../platform/decider';
import type { AccountsServiceContext } from './context';
import { accountDecider } from './account-decider';

/** Notes a sign-in on the account stream (the operators' last sign-in, the first-run greeting). */
export async function recordSignIn(ctx: Pick<AccountsServiceContext, 'store'>, userId: string, meta: CommandMeta) {
  await handleCommand(ctx.store, userStream(userId), accountDecider, { type: 'RecordSignIn', data: { userId } }, meta, {
    maxRetries: 50,
  });
}
