import {
  ACTION_PRICES,
  firmApplicationStream,
  type FirmSnapshot,
  INCOMPLETE_PROFILE,
  INCOMPLETE_PROFILE_MESSAGE,
  INSUFFICIENT_CREDITS,
  insufficientCreditsMessage,
  submissionStream,
  type SubmitResponse,
} from '@fp/contracts';
import { ConcurrencyError, type StreamAppend } from '@fp/infra';
import type { SubmissionRun } from '@fp/workflows';
import type { SubmissionsContext } from './context';
import { appendDecided, ConflictError, DomainError, foldEvents, type CommandMeta } from '../../platform/decider';
import { answerAppend, derivedId, keyedRequest, recordedAnswer } from '../../platform/idempotency';
import { firmApplicationDecider, type FirmApplicationState } from './firm-application-decider';
import { planSubmit, type PlanInput, type PlannedFirm } from './plan-submit';
import { submissionDecider } from './submission-decider';

/** What applying to these firms costs. */
export const cost = (firms: readonly unknown[]) => firms.length * ACTION_PRICES.vc_application;

export interface SubmitInput {
  vcIds: string[];
  test: boolean;
  /**
   * The Idempotency-Key header: the same key with the same firms answers the first answer and
   * creates and charges nothing again; with other firms it is a 422.
   */
  requestKey: string | null;
}

/** A stable id per (user, key, firm): a request sent again mints the same ids, so nothing is created or charged twice. */
const keyedId = (userId: string, test: boolean, key: string, vcId: string) =>
  derivedId(userId, test ? 'test' : 'vc', key, vcId);

/** Tries of the plan when another process claims one of the same firms in between. */
const MAX_TRIES = 8;

/**
 * Submit to selected firms (spec §5 checks on the server): profile complete, then the plan (pure,
 * in the decider): unknown firms, firms without a website, firms already applied to or under way
 * are skipped and not charged. For the rest, one multi-stream append writes the charge (one credit
 * per firm, reference = the attempt id, at the ledger's revision), each firm's founder × firm
 * claim (at the revision the plan read) and each submission stream. Two API processes submitting
 * the same firms at once race on those revisions: one appends, the other's append is refused whole
 * (nothing charged) and it plans again, now skipping them. The runs go to the workflow engine; the answer does not
 * wait for any browser.
 */
export async function submitApplications(
  ctx: Pick<SubmissionsContext, 'store' | 'db' | 'credits' | 'profile' | 'catalog' | 'newId'>,
  userId: string,
  input: SubmitInput,
  meta: CommandMeta,
  dispatch: (runs: SubmissionRun[]) => void,
): Promise<SubmitResponse> {
  const keyed = keyedRequest(userId, input.requestKey, 'submit', { test: input.test, vcIds: input.vcIds });
  // Sent again with its key: the first answer (or a 422 when the key named another request).
  const answered = () => (keyed ? recordedAnswer<SubmitResponse>(ctx.store, keyed) : null);
  const first = await answered();
  if (first) return first;
  const { completion } = await ctx.profile.get(userId);
  if (!completion.isComplete)
    throw new DomainError(INCOMPLETE_PROFILE, 400, 'incomplete_profile', { message: INCOMPLETE_PROFILE_MESSAGE });
  const ids = [...new Set(input.vcIds)];
  const firms = await firmsToPlan(ctx, userId, ids, input.test);
  // One id per firm for this request, kept across its tries (keyed requests: the same on a resend).
  const submissionIds = new Map(
    ids.map((vcId) => [vcId, keyed ? keyedId(userId, input.test, keyed.key, vcId) : ctx.newId()]),
  );
  const metadata = { now: meta.now.toISOString(), actor: meta.actor };

  let answer: SubmitResponse | null = null;
  for (let tries = 1; !answer; tries++) {
    // A copy of this keyed request may have appended since the last try: its answer is this one's.
    const copied = tries > 1 ? await answered() : null;
    if (copied) return copied;
    const applications = await readApplications(ctx, userId, input.test, ids);
    const plan = planSubmit(ids.map((vcId) => firms.input(vcId, submissionIds.get(vcId)!, applications.get(vcId)!)));
    if (plan.create.length === 0) {
      const nothing = { creditsDeducted: 0, submissionIds: [], skipped: plan.skipped };
      if (keyed) {
        // Nothing charged, but the key is bound to this request all the same.
        const record = answerAppend(keyed, nothing, meta);
        try {
          await appendDecided(ctx.store, [record]);
        } catch (err) {
          if (!(err instanceof ConcurrencyError) || tries >= MAX_TRIES) throw err;
          continue;
        }
      }
      answer = nothing;
      break;
    }
    // Firms this request's own submissions hold already (a resend after a failure half-way, on a
    // store without all-or-nothing appends): a recorded submission was charged before it was
    // written, so it is neither written nor charged again. (Charging it "again" once its run had
    // been refunded was how a resend charged twice.)
    const own = plan.create.filter((c) => c.application.holder === c.submissionId);
    const existing = await ctx.store.readStreams(own.map((c) => submissionStream(c.submissionId)));
    const recorded = own.filter((c) => existing.get(submissionStream(c.submissionId))!.revision >= 0);
    const fresh = plan.create.filter((c) => !recorded.includes(c));
    // The ledger's own balance: the read model may lag behind it (a stalled projection), and the
    // charge is decided on the ledger anyway.
    const balance = await ctx.credits.ledgerBalance(userId);
    const message = insufficientCreditsMessage(cost(fresh), balance);
    // Short of credits, at this check or at the charge: the balance is read after the plan, so a
    // concurrent request (or a copy of this one) may have claimed and charged these firms in between.
    // Then the plan is stale, not the founder short: it is read again (it now skips them, or answers
    // as the copy did). Otherwise 402, with the balance that was seen short.
    const short = async (seen: number) => {
      if (tries < MAX_TRIES && (await claimedSincePlan(ctx, userId, input.test, fresh, applications))) return true;
      throw new DomainError(INSUFFICIENT_CREDITS, 402, 'insufficient_credits', {
        message: insufficientCreditsMessage(cost(fresh), seen),
        balance: seen,
      });
    };
    if (balance < cost(fresh) && (await short(balance))) continue;
    const items = (list: PlannedFirm[]) =>
      list.map((c) => ({
        reference: c.submissionId,
        amount: ACTION_PRICES.vc_application,
        reason: `Application to ${c.firm.name}`,
      }));
    const planned: SubmitResponse = {
      creditsDeducted: plan.create.length,
      submissionIds: plan.create.map((c) => c.submissionId),
      skipped: plan.skipped,
    };
    try {
      // The key's answer goes in the same append as the charge and the submissions: there is no
      // moment when the credits are spent and a resend would not find the answer.
      const writes = [
        ...fresh.flatMap((c) => appendsFor(c, userId, input, meta, metadata)),
        ...(keyed ? [answerAppend(keyed, planned, meta)] : []),
      ];
      if (fresh.length && ctx.store.atomicAppendMany) {
        // The charge, the claims and the submissions in one append: they land together or not at
        // all, so a request that loses a race for a firm is neither charged nor refunded.
        // The charge comes back empty when a resend with the same key charged these references
        // since the plan was read: its claims then fail on their revisions and the plan is read again.
        const charge = { spendKind: 'vc_application' as const, insufficientMessage: message, items: items(fresh) };
        const spend = await ctx.credits.prepareSpend(userId, charge, meta);
        await appendDecided(ctx.store, [spend, ...writes]);
      } else if (fresh.length) {
        // A store without all-or-nothing appends: charge, write, and give the credits back if the write fails.
        const charge = { spendKind: 'vc_application' as const, insufficientMessage: message, items: items(fresh) };
        await ctx.credits.chargeFor(
          userId,
          charge,
          meta,
          () => appendDecided(ctx.store, writes),
          (err) =>
            err instanceof ConcurrencyError
              ? 'Refund: another request applied to the same firm at the same time'
              : `Refund: the application could not be recorded (${(err as Error).message})`,
        );
      } else if (writes.length) {
        await appendDecided(ctx.store, writes);
      }
    } catch (err) {
      // Another charge (an export, say) may have landed since the balance was read: the charge's balance counts.
      if (
        err instanceof DomainError &&
        err.code === 'insufficient_credits' &&
        (await short(Number(err.details?.balance ?? 0)))
      )
        continue;
      if (!(err instanceof ConcurrencyError)) throw err;
      if (tries >= MAX_TRIES) throw new ConflictError();
      continue;
    }
    answer = planned;
    dispatch(plan.create.map((c) => ({ submissionId: c.submissionId, attemptId: c.submissionId })));
  }
  return answer;
}

/**
 * What the plan needs to know about the selected firms, read once per request: the catalog's firms
 * (a real firm's domain checked with DNS, bounded), their forms, and whether the founder has a deck.
 * The submit and the plan shown before it (plan-preview.ts) both plan from this.
 */
export async function firmsToPlan(
  ctx: Pick<SubmissionsContext, 'profile' | 'catalog'>,
  userId: string,
  ids: string[],
  test: boolean,
) {
  // checkDomains: a real firm whose domain does not resolve (DNS, bounded) comes back unusable and is skipped uncharged.
  const firms = new Map((await ctx.catalog.getFirms(ids, { test, checkDomains: true })).map((f) => [f.id, f]));
  // A form the registry knows requires a file cannot be sent without the document it asks for (the deck, a
  // CV…): skipped, not charged (the founder's files are looked up only when such a form is among the selected).
  const needsFiles = [...firms.values()].some((f) => f.form?.blockers.includes('file_upload_required'));
  const [hasDeck, documents] = needsFiles
    ? await Promise.all([
        ctx.profile.pitchDeck(userId).then((d) => d.current !== null),
        ctx.profile.documents(userId).then((d) => new Set<string>(d.documents.map((x) => x.kind))),
      ])
    : [true, undefined];
  const snapshot = (vcId: string): FirmSnapshot | null => {
    const f = firms.get(vcId);
    if (!f) return null;
    return {
      name: f.name,
      location: [f.city, f.country].filter(Boolean).join(', ') || null,
      investorType: f.investorType,
      description: f.description,
      website: f.website,
    };
  };
  return {
    name: (vcId: string) => firms.get(vcId)?.name ?? null,
    input: (
      vcId: string,
      submissionId: string,
      application: { application: FirmApplicationState; revision: number },
    ): PlanInput => ({
      vcId,
      firm: snapshot(vcId),
      unusable: firms.get(vcId)?.unusable ?? null,
      form: firms.get(vcId)?.form ?? null,
      hasDeck,
      documents,
      submissionId,
      ...application,
    }),
  };
}

/**
 * The founder × firm states, from their streams. A firm with no stream yet may still have a
 * submission from before these streams existed: the read model seeds its state then (the claim's
 * expected revision, "no stream", still makes concurrent claims exclusive).
 */
export async function readApplications(
  ctx: Pick<SubmissionsContext, 'store' | 'db'>,
  userId: string,
  test: boolean,
  vcIds: string[],
) {
  const streams = await ctx.store.readStreams(vcIds.map((vcId) => firmApplicationStream(userId, test, vcId)));
  const out = new Map<string, { application: FirmApplicationState; revision: number }>();
  const unseen: string[] = [];
  for (const vcId of vcIds) {
    const s = streams.get(firmApplicationStream(userId, test, vcId))!;
    out.set(vcId, { application: foldEvents(firmApplicationDecider, s.events), revision: s.revision });
    if (s.revision === -1) unseen.push(vcId);
  }
  if (unseen.length) {
    const rows = await ctx.db
      .selectFrom('submissions')
      .select(['id', 'vc_firm_id', 'status'])
      .where('user_id', '=', userId)
      .where('test', '=', test)
      .where('vc_firm_id', 'in', unseen)
      .where('status', 'in', ['pending', 'processing', 'completed'])
      .execute();
    for (const row of rows) {
      const seeded = out.get(row.vc_firm_id)!;
      if (seeded.application.status === 'applied') continue;
      seeded.application = { status: row.status === 'completed' ? 'applied' : 'in_progress', holder: row.id };
    }
  }
  return out;
}

/**
 * Whether a firm this plan would charge for was claimed (or applied to) since the plan read it: then
 * a new plan skips it, or finds it held by a copy of this request. Claims of other firms, or a
 * founder truly short of credits, do not make the plan worth reading again.
 */
async function claimedSincePlan(
  ctx: Pick<SubmissionsContext, 'store' | 'db'>,
  userId: string,
  test: boolean,
  fresh: PlannedFirm[],
  planned: Awaited<ReturnType<typeof readApplications>>,
) {
  const vcIds = fresh.map((c) => c.vcId);
  const now = await readApplications(ctx, userId, test, vcIds);
  return vcIds.some((vcId) => {
    const [a, b] = [planned.get(vcId)!.application, now.get(vcId)!.application];
    return a.status !== b.status || a.holder !== b.holder;
  });
}

/** The two streams a new application writes: the founder × firm claim and the submission itself. */
function appendsFor(
  c: PlannedFirm,
  userId: string,
  input: SubmitInput,
  meta: CommandMeta,
  metadata: { now: string; actor: string },
): StreamAppend[] {
  const claim = firmApplicationDecider.decide(
    { type: 'Claim', data: { userId, vcFirmId: c.vcId, test: input.test, submissionId: c.submissionId } },
    c.application,
    meta,
  );
  const requested = submissionDecider.decide(
    {
      type: 'RequestSubmission',
      data: {
        submissionId: c.submissionId,
        userId,
        vcFirmId: c.vcId,
        test: input.test,
        firm: c.firm,
        requestKey: input.requestKey,
      },
    },
    submissionDecider.initialState(),
    meta,
  );
  const appends: StreamAppend[] = [
    {
      streamId: submissionStream(c.submissionId),
      events: requested.map((e) => ({ ...e, metadata })),
      expected: 'no_stream',
    },
  ];
  // Held by this very submission already (a resend after a failure half-way): only the submission is missing.
  if (claim.length)
    appends.unshift({
      streamId: firmApplicationStream(userId, input.test, c.vcId),
      events: claim.map((e) => ({ ...e, metadata })),
      expected: c.revision === -1 ? 'no_stream' : c.revision,
    });
  return appends;
}
