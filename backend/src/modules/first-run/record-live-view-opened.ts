import { firstRunStream } from '@fp/contracts';
import { handleCommand, type CommandMeta } from '../../platform/decider';
import type { FirstRunContext } from './context';
import { firstRunDecider } from './first-run-decider';

/** The founder watched one of their applications live: the checklist's step is ticked. */
export function recordLiveViewOpened(
  ctx: Pick<FirstRunContext, 'store'>,
  userId: string,
  submissionId: string,
  meta: CommandMeta,
) {
  const command = { type: 'RecordLiveViewOpened' as const, data: { userId, submissionId } };
  return handleCommand(ctx.store, firstRunStream(userId), firstRunDecider, command, meta, { maxRetries: 20 });
}
