import {
  FORM_BLOCKER_LABELS,
  formLiveViewBlockers,
  INCOMPLETE_PROFILE,
  INCOMPLETE_PROFILE_MESSAGE,
  type SubmitPlanResponse,
} from '@fp/contracts';
import { DomainError } from '../../platform/decider';
import type { SubmissionsContext } from './context';
import { planSubmit } from './plan-submit';
import { cost, firmsToPlan, readApplications } from './submit-applications';

/**
 * The plan a submit of these firms would carry out now, for the question before it (nothing sent,
 * nothing charged): the same inputs and the same pure plan as the submit, so the dialog names the
 * firms it will skip and why, the firms that need the founder in the live view, and the exact credits.
 * Only the founder's own applications are read (their streams are keyed by the signed-in user).
 */
export async function previewPlan(
  ctx: Pick<SubmissionsContext, 'store' | 'db' | 'credits' | 'profile' | 'catalog' | 'newId'>,
  userId: string,
  input: { vcIds: string[]; test: boolean },
): Promise<SubmitPlanResponse> {
  const { completion } = await ctx.profile.get(userId);
  if (!completion.isComplete)
    throw new DomainError(INCOMPLETE_PROFILE, 400, 'incomplete_profile', { message: INCOMPLETE_PROFILE_MESSAGE });
  const ids = [...new Set(input.vcIds)];
  const [firms, applications, balance] = await Promise.all([
    firmsToPlan(ctx, userId, ids, input.test),
    readApplications(ctx, userId, input.test, ids),
    // The ledger's balance, the one the submit checks (the read model may lag behind it).
    ctx.credits.ledgerBalance(userId),
  ]);
  // Fresh ids: a preview holds nothing, so a firm this founder already holds is "under way" or "applied".
  const plan = planSubmit(ids.map((vcId) => firms.input(vcId, ctx.newId(), applications.get(vcId)!)));
  return {
    apply: plan.create.map((c) => {
      const live = formLiveViewBlockers(c.form);
      return {
        vcId: c.vcId,
        name: c.firm.name,
        needsYou: live?.length ? live.map((b) => FORM_BLOCKER_LABELS[b]).join(', ') : null,
      };
    }),
    skipped: plan.skipped.map((s) => ({ ...s, name: firms.name(s.vcId) })),
    credits: cost(plan.create),
    balance,
  };
}
