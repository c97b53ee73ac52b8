import {
  pipelineStream,
  type AddPipelineCardsRequest,
  type InvestorKind,
  type PipelineCard,
  type PipelineStage,
  type UpdatePipelineCardRequest,
} from '@fp/contracts';
import type { AppContext } from '../../platform/context';
import { DomainError, handleCommand, type CommandMeta } from '../../platform/decider';
import type { CatalogService } from '../catalog/index';
import type { MailService } from '../mail/index';
import { investorKey, pipelineDecider, type InvestorRef, type PipelineCommand } from './decider';
import { pipelineCsv } from './export-pipeline';
import { cardHistory } from './history';
import { listCards } from './queries';
import { sendFollowUpReminders } from './send-follow-up-reminders';

export type PipelineServiceContext = Pick<AppContext, 'store' | 'db' | 'projections' | 'newId' | 'config'> & {
  catalog: CatalogService;
  mail: MailService;
};

/** The pipeline's public face: the board, its changes, its history and export. */
export function createPipelineService(ctx: PipelineServiceContext) {
  /** Runs a command on the founder's stream; with `wait`, answers after the board shows it. */
  async function run(userId: string, command: PipelineCommand, meta: CommandMeta, wait = true) {
    const r = await handleCommand(ctx.store, pipelineStream(userId), pipelineDecider, command, meta, {
      maxRetries: 50,
    });
    if (wait && r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
    return r;
  }

  /** Names of the investors from the catalog (VC firms, test firms, angels); an unknown id is a 404. */
  async function resolve(investors: { investorId: string; investorKind: InvestorKind }[]): Promise<InvestorRef[]> {
    const vcIds = investors.filter((i) => i.investorKind === 'vc').map((i) => i.investorId);
    const names = new Map<string, string>();
    if (vcIds.length) {
      for (const f of await ctx.catalog.getFirms(vcIds, { test: false })) names.set(investorKey('vc', f.id), f.name);
      const missing = vcIds.filter((id) => !names.has(investorKey('vc', id)));
      if (missing.length)
        for (const f of await ctx.catalog.getFirms(missing, { test: true })) names.set(investorKey('vc', f.id), f.name);
    }
    const angelIds = [...new Set(investors.filter((i) => i.investorKind === 'angel').map((i) => i.investorId))];
    const angels = await Promise.all(
      angelIds.map((id) =>
        ctx.catalog.angel(id).then(
          (a) => a,
          () => null,
        ),
      ),
    );
    for (const a of angels) if (a) names.set(investorKey('angel', a.id), a.companyName);
    return investors.map((i) => {
      const name = names.get(investorKey(i.investorKind, i.investorId));
      if (!name)
        throw new DomainError(
          `${i.investorKind === 'vc' ? 'VC firm' : 'Angel investor'} not found: ${i.investorId}`,
          404,
          'not_found',
        );
      return { ...i, name };
    });
  }

  const withIds = (
    meta: CommandMeta,
    investors: { investorId: string; investorKind: InvestorKind }[],
  ): CommandMeta => ({
    ...meta,
    ids: Object.fromEntries(investors.map((i) => [investorKey(i.investorKind, i.investorId), ctx.newId()])),
  });

  return {
    list: (userId: string) => listCards(ctx.db, userId),

    /**
     * Adds investors to the board (Target unless a stage is given). An investor already there keeps
     * its card: the answer holds every requested investor's card and how many were new.
     */
    async add(
      userId: string,
      req: AddPipelineCardsRequest,
      meta: CommandMeta,
    ): Promise<{ cards: PipelineCard[]; added: number }> {
      const investors = await resolve(req.investors);
      const r = await run(
        userId,
        { type: 'AddCards', data: { userId, investors, stage: (req.stage ?? 'Target') as PipelineStage } },
        withIds(meta, investors),
      );
      const ids = investors
        .map((i) => r.state.byInvestor.get(investorKey(i.investorKind, i.investorId))!)
        .filter(Boolean);
      const cards = await listCards(ctx.db, userId, { ids: [...new Set(ids)] });
      return { cards, added: r.events.length };
    },

    async update(
      userId: string,
      cardId: string,
      patch: UpdatePipelineCardRequest,
      meta: CommandMeta,
    ): Promise<PipelineCard> {
      await run(userId, { type: 'UpdateCard', data: { userId, cardId, ...patch } }, meta);
      const [card] = await listCards(ctx.db, userId, { ids: [cardId] });
      if (!card)
        throw new DomainError(
          'The change is saved but the board is still catching up; refresh in a moment',
          503,
          'catching_up',
        );
      return card;
    },

    async remove(userId: string, cardId: string, meta: CommandMeta): Promise<void> {
      await run(userId, { type: 'RemoveCard', data: { userId, cardId } }, meta);
    },

    /**
     * A completed submission reaches the board: called by the process manager (no wait: it runs
     * inside the projection runner). Idempotent per submission.
     */
    async recordSubmission(
      userId: string,
      submissionId: string,
      firm: { id: string; name: string },
      meta: CommandMeta,
    ) {
      const investor: InvestorRef = { investorId: firm.id, investorKind: 'vc', name: firm.name };
      return run(
        userId,
        { type: 'RecordSubmission', data: { userId, submissionId, investor } },
        withIds(meta, [investor]),
        false,
      );
    },

    /**
     * A deck visit through an investor's link: called by the process manager over the deck-links
     * events (no wait: it runs inside the projection runner). Idempotent per visit.
     */
    async recordDeckVisit(
      userId: string,
      visit: { visitId: string; investorId: string; investorKind: InvestorKind; email: string | null },
      meta: CommandMeta,
    ) {
      return run(userId, { type: 'RecordDeckVisit', data: { userId, ...visit } }, meta, false);
    },

    history: (userId: string, cardId: string) => cardHistory(ctx.store, userId, cardId),

    async exportCsv(userId: string): Promise<{ csv: string; count: number }> {
      const cards = await listCards(ctx.db, userId);
      return { csv: pipelineCsv(cards), count: cards.length };
    },

    /** The day's follow-up reminder e-mails (the module's daily job; also callable from tests). */
    sendFollowUpReminders: (now: Date) => sendFollowUpReminders(ctx, now),
  };
}
export type PipelineService = ReturnType<typeof createPipelineService>;
