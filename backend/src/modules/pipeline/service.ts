import type { AddPipelineCardsRequest, InvestorKind, UpdatePipelineCardRequest } from '@fp/contracts';
import type { CommandMeta } from '../../platform/decider';
import { addCards } from './add-cards';
import type { PipelineServiceContext } from './context';
import { exportPipeline } from './export-pipeline';
import { cardHistory } from './history';
import { listCards } from './queries';
import { recordDeckVisit } from './record-deck-visit';
import { recordSubmission } from './record-submission';
import { removeCard } from './remove-card';
import { sendFollowUpReminders } from './send-follow-up-reminders';
import { updateCard } from './update-card';

/** The pipeline's public face: the board, its changes, its history and export. */
export function createPipelineService(ctx: PipelineServiceContext) {
  return {
    list: (userId: string) => listCards(ctx.db, userId),
    add: (userId: string, req: AddPipelineCardsRequest, meta: CommandMeta) => addCards(ctx, userId, req, meta),
    update: (userId: string, cardId: string, patch: UpdatePipelineCardRequest, meta: CommandMeta) =>
      updateCard(ctx, userId, cardId, patch, meta),
    remove: (userId: string, cardId: string, meta: CommandMeta) => removeCard(ctx, userId, cardId, meta),
    recordSubmission: (userId: string, submissionId: string, firm: { id: string; name: string }, meta: CommandMeta) =>
      recordSubmission(ctx, userId, submissionId, firm, meta),
    recordDeckVisit: (
      userId: string,
      visit: { visitId: string; investorId: string; investorKind: InvestorKind; email: string | null },
      meta: CommandMeta,
    ) => recordDeckVisit(ctx, userId, visit, meta),
    history: (userId: string, cardId: string) => cardHistory(ctx.store, userId, cardId),
    exportCsv: (userId: string) => exportPipeline(ctx, userId),
    /** The day's follow-up reminder e-mails (the module's daily job; also callable from tests). */
    sendFollowUpReminders: (now: Date) => sendFollowUpReminders(ctx, now),
  };
}
export type PipelineService = ReturnType<typeof createPipelineService>;
