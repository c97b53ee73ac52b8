import { toCsv } from '@fp/contracts';
import { PIPELINE_EXPORT_COLUMNS, type PipelineCard } from '@fp/contracts';

/** The founder's pipeline as CSV (free: it is their own data), in board order. */
export function pipelineCsv(cards: PipelineCard[]): string {
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
