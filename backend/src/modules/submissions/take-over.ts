import { TakeoverInput } from '@fp/contracts';
import { NotTakingOver, type LiveHub } from '@fp/workflows';
import type { AppContext } from '../../platform/context';
import { DomainError, type CommandMeta } from '../../platform/decider';
import { runCommand } from './attempts';
import { NOT_TAKING_OVER } from './decider';
import type { SubmissionRow } from './queries';

/** The run must wait for its founder here: in this process's hub, for the row's current attempt. */
function waiting(hub: LiveHub, row: SubmissionRow) {
  const slot = hub.takeover(row.id);
  if (!slot || slot.attemptId !== row.attempt_id || row.status !== 'processing') throw new DomainError(NOT_TAKING_OVER, 409, 'not_taking_over');
  return slot;
}

/**
 * One input of the owner's (click, text, key, scroll) played on the paused run's page. The first
 * one records that they took over (who, when); the decider refuses anyone but the owner.
 */
export async function sendTakeoverInput(ctx: Pick<AppContext, 'store'>, hub: LiveHub, row: SubmissionRow, body: unknown, meta: CommandMeta): Promise<{ success: true }> {
  const parsed = TakeoverInput.safeParse(body);
  if (!parsed.success) throw new DomainError(`Invalid input: ${parsed.error.issues[0]?.message ?? 'unknown'}`, 400, 'invalid_input');
  const slot = waiting(hub, row);
  if (!slot.by) await runCommand(ctx, row.id, { type: 'StartTakeover', data: { attemptId: row.attempt_id, by: row.user_id } }, meta);
  try {
    await hub.sendInput(row.id, row.user_id, parsed.data);
  } catch (e) {
    if (e instanceof NotTakingOver) throw new DomainError(NOT_TAKING_OVER, 409, 'not_taking_over');
    // The page went away under the input (the run ended meanwhile): nothing to control any more.
    throw new DomainError(NOT_TAKING_OVER, 409, 'not_taking_over');
  }
  return { success: true };
}

/** Continue: recorded (who, when), then the automation gets the page back and looks at it again. */
export async function handBackPage(ctx: Pick<AppContext, 'store'>, hub: LiveHub, row: SubmissionRow, meta: CommandMeta): Promise<{ success: true }> {
  waiting(hub, row);
  await runCommand(ctx, row.id, { type: 'HandBack', data: { attemptId: row.attempt_id, by: row.user_id } }, meta);
  if (!hub.handBack(row.id, row.user_id)) throw new DomainError(NOT_TAKING_OVER, 409, 'not_taking_over');
  return { success: true };
}
