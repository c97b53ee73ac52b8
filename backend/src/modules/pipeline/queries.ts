import { iso } from '@fp/contracts';
import type { PipelineCard } from '@fp/contracts';
import type { Db } from '@fp/infra';

const day = (v: unknown) =>
  v == null
    ? null
    : v instanceof Date
      ? `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`
      : String(v).slice(0, 10);

export function cardFromRow(r: Record<string, any>): PipelineCard {
  return {
    id: r.id,
    investorId: r.investor_id,
    investorKind: r.investor_kind,
    name: r.name,
    stage: r.stage,
    notes: r.notes,
    nextFollowUp: day(r.next_follow_up),
    passReason: r.pass_reason,
    introducedBy: r.introduced_by,
    amount: r.amount == null ? null : Number(r.amount),
    submissionIds: r.submission_ids ?? [],
    updatedAt: iso(r.updated_at),
  };
}

/** The board of one founder, most recently changed first. */
export async function listCards(db: Db, userId: string, where: { ids?: string[] } = {}): Promise<PipelineCard[]> {
  let q = db.selectFrom('pipeline_cards').selectAll().where('user_id', '=', userId);
  if (where.ids) {
    if (!where.ids.length) return [];
    q = q.where('id', 'in', where.ids);
  }
  return (await q.orderBy('updated_at', 'desc').orderBy('id').execute()).map(cardFromRow);
}
