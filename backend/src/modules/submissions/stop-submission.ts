import type { SubmissionActionResponse } from '@fp/contracts';
import type { SubmissionRun } from '@fp/workflows';
import type { SubmissionsContext } from './context';
import type { CommandMeta } from '../../platform/decider';
import { loadSubmission, runCommand, settleFirmApplication, settleRefund } from './attempts';
import { ownedRow, toSubmission, waitForSubmissionsProjection } from './queries';

/** How long a stop waits for the browser to be gone before answering (it must end within 2 s). */
const STOP_WAIT_MS = 2500;

/**
 * Stop (spec §4, processing rows): a queued submission stops at once and its credit is refunded; a
 * running one is asked to stop (its browser closes within 2 s, wherever it runs) and the answer
 * waits briefly for the outcome the workflow records.
 */
export async function stopSubmission(
  ctx: Pick<SubmissionsContext, 'store' | 'db' | 'credits' | 'config' | 'clock'>,
  userId: string,
  id: string,
  meta: CommandMeta,
  requestStop: (run: SubmissionRun) => Promise<void>,
): Promise<SubmissionActionResponse> {
  await ownedRow(ctx, userId, id);
  const r = await runCommand(ctx, id, { type: 'RequestStop', data: { requestedBy: userId } }, meta);
  const run = { submissionId: id, attemptId: r.state.attemptId };
  if (r.state.status === 'stopped') {
    await settleFirmApplication(ctx, r.state, meta);
    await settleRefund(ctx, id, run.attemptId, meta);
  } else {
    await requestStop(run);
    const deadline = Date.now() + STOP_WAIT_MS;
    while (Date.now() < deadline) {
      const s = await loadSubmission(ctx, id);
      if (s.attemptId !== run.attemptId || (s.status !== 'processing' && s.status !== 'pending')) break;
      await new Promise((res) => setTimeout(res, 100));
    }
  }
  await waitForSubmissionsProjection(ctx);
  return { success: true, submission: toSubmission(ctx, await ownedRow(ctx, userId, id)) };
}
