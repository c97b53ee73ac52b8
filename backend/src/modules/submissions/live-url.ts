import type { FetchLiveUrlResponse } from '@fp/contracts';
import type { AppContext } from '../../platform/context';
import { liveUrlFor, ownedRow } from './queries';

/**
 * fetch-live-url (spec §4: processing with a taskId and no liveUrl): the live view link once the
 * run's browser is open, here or in a worker process (which keeps its latest screen in
 * submission_live); otherwise success false.
 */
export async function fetchLiveUrl(
  ctx: Pick<AppContext, 'db' | 'store' | 'config' | 'clock'>,
  userId: string,
  id: string,
  liveHere: (submissionId: string) => boolean,
): Promise<FetchLiveUrlResponse> {
  const row = await ownedRow(ctx, userId, id);
  if (row.status !== 'processing') return { success: false, liveUrl: null };
  let live = row.live_view || liveHere(id);
  if (!live)
    live = !!(await ctx.db
      .selectFrom('submission_live')
      .select('attempt_id')
      .where('attempt_id', '=', row.attempt_id)
      .executeTakeFirst());
  return live ? { success: true, liveUrl: liveUrlFor(ctx, row) } : { success: false, liveUrl: null };
}
