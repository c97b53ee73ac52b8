import { firstRunStream } from '@fp/contracts';
import { handleCommand, type CommandMeta } from '../../platform/decider';
import type { FirstRunContext } from './context';
import { firstRunDecider } from './first-run-decider';

/** The founder hides the checklist. */
export function dismissChecklist(ctx: Pick<FirstRunContext, 'store'>, userId: string, meta: CommandMeta) {
  const command = { type: 'DismissChecklist' as const, data: { userId } };
  return handleCommand(ctx.store, firstRunStream(userId), firstRunDecider, command, meta, { maxRetries: 20 });
}
