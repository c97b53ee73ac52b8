import type { EditInvestorUpdateRequest } from '@fp/contracts';
import type { CommandMeta } from '../../platform/decider';
import type { InvestorUpdatesServiceContext } from './context';
import { draftUpdate } from './draft-update';
import { editUpdate } from './edit-update';
import { previewUpdate } from './preview-update';
import { listUpdates, readUpdate } from './read-updates';
import { sendUpdate } from './send-update';
import { ownUpdate } from './update-stream';

/** Investor updates: drafts, their preview and their one Send (docs/investor-updates.md). */
export function createInvestorUpdatesService(ctx: InvestorUpdatesServiceContext) {
  return {
    draft: (userId: string, meta: CommandMeta) => draftUpdate(ctx, userId, meta),
    list: (userId: string) => listUpdates(ctx, userId),
    async get(userId: string, updateId: string) {
      // The stream decides ownership (the read model may lag a fresh draft); the read model answers.
      await ownUpdate(ctx, userId, updateId);
      try {
        return await readUpdate(ctx, userId, updateId);
      } catch {
        await ctx.projections.waitFor(undefined, 5000).catch(() => undefined);
        return readUpdate(ctx, userId, updateId);
      }
    },
    async edit(userId: string, updateId: string, req: EditInvestorUpdateRequest, meta: CommandMeta) {
      await editUpdate(ctx, userId, updateId, req, meta);
      return readUpdate(ctx, userId, updateId);
    },
    preview: (userId: string, updateId: string, to: string | undefined, meta: CommandMeta) =>
      previewUpdate(ctx, userId, updateId, to, meta),
    send: (userId: string, updateId: string, meta: CommandMeta, opts: { withoutOffLinks?: boolean } = {}) =>
      sendUpdate(ctx, userId, updateId, meta, opts),
  };
}
export type InvestorUpdatesService = ReturnType<typeof createInvestorUpdatesService>;
