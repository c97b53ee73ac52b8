import { toCsv } from '@fp/contracts';
import { PIPELINE_EXPORT_COLUMNS, type PipelineCard } from '@fp/contracts';
import type { PipelineServiceContext } from './context';
import { listCards } from './queries';

/** The founder's pipeline as CSV (free: it is their own data), in board order. */
function pipelineCsv(cards: PipelineCard[]): string {
  return toCsv([
    PIPELINE_EXPORT_COLUMNS,
    ...cards.map((c) => [
      c.name,
      c.investorKind === 'vc' ? 'VC firm' : 'Angel investor',
      c.stage,
      c.amount,
      c.nextFollowUp,
      c.introducedBy,
      c.passReason,
      c.notes,
      c.submissionIds.length,
      c.updatedAt,
    ]),
  ]);
}

/** The founder's whole board as a CSV file, and how many cards it holds. */
export async function exportPipeline(ctx: Pick<PipelineServiceContext, 'db'>, userId: string) {
  const cards = await listCards(ctx.db, userId);
  return { csv: pipelineCsv(cards), count: cards.length };
}
