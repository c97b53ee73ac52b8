import type { CommandMeta } from '../../platform/decider';
import type { FirstRunContext } from './context';
import { dismissChecklist } from './dismiss-checklist';
import { readChecklist } from './read-checklist';
import { recordLiveViewOpened } from './record-live-view-opened';

/** The founder's first-hour checklist: its read and the founder's own two acts. */
export function createFirstRunService(ctx: FirstRunContext) {
  return {
    checklist: (userId: string) => readChecklist(ctx, userId),
    recordLiveViewOpened: (userId: string, submissionId: string, meta: CommandMeta) =>
      recordLiveViewOpened(ctx, userId, submissionId, meta),
    dismiss: (userId: string, meta: CommandMeta) => dismissChecklist(ctx, userId, meta),
  };
}
export type FirstRunService = ReturnType<typeof createFirstRunService>;
