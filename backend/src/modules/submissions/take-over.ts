import { TakeoverInput } from '@fp/contracts';
import { NotTakingOver, type LiveHub, type TakeoverSlot } from '@fp/workflows';
import type { AppContext } from '../../platform/context';
import { DomainError, type CommandMeta } from '../../platform/decider';
import { runCommand } from './attempts';
import { NOT_TAKING_OVER } from './submission-decider';
import type { SubmissionRow } from './queries';

/** Inputs and Continue for a page open in another process (split roles), played by its worker. */
export const TAKEOVER_CHANNEL = 'fp_submission_takeover';

/** One control of the founder's on its way to the process whose browser holds the page. */
interface ForwardedControl {
  submissionId: string;
  attemptId: string;
  by: string;
  action: 'input' | 'continue';
  input?: TakeoverInput;
}

type Ctx = Pick<AppContext, 'store' | 'pool'>;
const notTakingOver = () => new DomainError(NOT_TAKING_OVER, 409, 'not_taking_over');

/**
 * Where the paused page is: this process's hub (its slot for the row's attempt), or another
 * process's (null) when the row says the run waits and no slot is here. The decider has the last
 * word either way: its commands refuse a run that does not wait for its founder (409).
 */
function locate(hub: LiveHub, row: SubmissionRow): TakeoverSlot | null {
  if (row.status !== 'processing') throw notTakingOver();
  const slot = hub.takeover(row.id);
  if (slot) {
    if (slot.attemptId !== row.attempt_id) throw notTakingOver();
    return slot;
  }
  if (row.sub_status !== 'waiting_for_takeover') throw notTakingOver();
  return null;
}

async function forward(ctx: Ctx, control: ForwardedControl): Promise<void> {
  // A text input is at most 2,000 characters: well inside NOTIFY's 8,000 bytes.
  await ctx.pool.query('select pg_notify($1, $2)', [TAKEOVER_CHANNEL, JSON.stringify(control)]);
}

/**
 * One input of the owner's (click, text, key, scroll) played on the paused run's page. The first
 * one records that they took over (who, when); the decider refuses anyone but the owner.
 */
export async function sendTakeoverInput(
  ctx: Ctx,
  hub: LiveHub,
  row: SubmissionRow,
  body: unknown,
  meta: CommandMeta,
): Promise<{ success: true }> {
  const parsed = TakeoverInput.safeParse(body);
  if (!parsed.success)
    throw new DomainError(`Invalid input: ${parsed.error.issues[0]?.message ?? 'unknown'}`, 400, 'invalid_input');
  const here = locate(hub, row);
  // Idempotent: the decider records the start once per pause.
  if (!here?.by)
    await runCommand(
      ctx,
      row.id,
      { type: 'StartTakeover', data: { attemptId: row.attempt_id, by: row.user_id } },
      meta,
    );
  if (!here) {
    await forward(ctx, {
      submissionId: row.id,
      attemptId: row.attempt_id,
      by: row.user_id,
      action: 'input',
      input: parsed.data,
    });
    return { success: true };
  }
  try {
    await hub.sendInput(row.id, row.user_id, parsed.data);
  } catch {
    // Nothing waits any more, or the page went away under the input (the run ended meanwhile).
    throw notTakingOver();
  }
  return { success: true };
}

/** Continue: recorded (who, when), then the automation gets the page back and looks at it again. */
export async function handBackPage(
  ctx: Ctx,
  hub: LiveHub,
  row: SubmissionRow,
  meta: CommandMeta,
): Promise<{ success: true }> {
  const here = locate(hub, row);
  await runCommand(ctx, row.id, { type: 'HandBack', data: { attemptId: row.attempt_id, by: row.user_id } }, meta);
  if (!here)
    await forward(ctx, { submissionId: row.id, attemptId: row.attempt_id, by: row.user_id, action: 'continue' });
  else if (!hub.handBack(row.id, row.user_id)) throw notTakingOver();
  return { success: true };
}

/**
 * The worker's side: plays controls forwarded by API processes on the page this process holds, one
 * at a time per submission in the order they came (a click before the text typed after it).
 * Controls for a page that is not here, or no longer waits, are dropped: the founder's screen
 * shows the run's real state.
 */
export function createForwardedControlPlayer(hub: LiveHub, log: (m: string) => void) {
  const queues = new Map<string, Promise<void>>();
  return (payload: string) => {
    let c: ForwardedControl;
    try {
      c = JSON.parse(payload) as ForwardedControl;
    } catch {
      return;
    }
    const slot = hub.takeover(c.submissionId);
    if (!slot || slot.attemptId !== c.attemptId) return;
    const play = async () => {
      if (c.action === 'continue') hub.handBack(c.submissionId, c.by);
      else if (c.input) {
        const input = TakeoverInput.safeParse(c.input);
        if (input.success) await hub.sendInput(c.submissionId, c.by, input.data);
      }
    };
    const next = (queues.get(c.submissionId) ?? Promise.resolve()).then(play).catch((err) => {
      if (!(err instanceof NotTakingOver))
        log(`[submissions] a forwarded takeover control failed: ${(err as Error).message}`);
    });
    queues.set(c.submissionId, next);
    void next.finally(() => {
      if (queues.get(c.submissionId) === next) queues.delete(c.submissionId);
    });
  };
}
