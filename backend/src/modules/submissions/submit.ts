import { createHash } from 'node:crypto';
import {
  INCOMPLETE_PROFILE,
  INCOMPLETE_PROFILE_MESSAGE,
  INSUFFICIENT_CREDITS,
  insufficientCreditsMessage,
  SUBMIT_REQUEST_STREAM_PREFIX,
  submissionStream,
  type SkippedFirm,
  type SubmitRequestAccepted,
  type SubmitResponse,
} from '@fp/contracts';
import { ConcurrencyError } from '@fp/infra';
import type { SubmissionRun } from '@fp/workflows';
import type { AppContext } from '../../platform/context';
import type { SubmissionsContext } from './context';
import { DomainError, type CommandMeta } from '../../platform/decider';
import { submissionDecider, type SubmissionCommand } from './decider';
import { waitForSubmissionsProjection } from './queries';

export interface SubmitInput {
  vcIds: string[];
  test: boolean;
  /** The Idempotency-Key header: the same key again answers the same and creates nothing. */
  requestKey: string | null;
}

const SKIP_MESSAGES: Record<SkippedFirm['reason'], string> = {
  already_applied: 'You already applied to this firm successfully.',
  in_progress: 'An application to this firm is already under way.',
  not_found: 'No such firm.',
  no_website: 'This firm has no website to apply on.',
  reserved_domain: "This firm's website is a reserved demo address (demo data), not a real firm's site.",
};

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('hex');

/** A stable id per (user, key, firm): a request sent again mints the same ids, so nothing is created or charged twice. */
function keyedId(userId: string, test: boolean, key: string, vcId: string): string {
  const h = hash(userId, test ? 'test' : 'vc', key, vcId);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const requestStream = (userId: string, test: boolean, key: string) => `${SUBMIT_REQUEST_STREAM_PREFIX}${hash(userId, test ? 'test' : 'vc', key).slice(0, 40)}`;

async function recordedAnswer(ctx: Pick<AppContext, 'store'>, stream: string): Promise<SubmitResponse | null> {
  const { events } = await ctx.store.readStream(stream);
  const e = events.find((x) => x.type === 'SubmitRequestAccepted');
  if (!e) return null;
  const d = e.data as SubmitRequestAccepted['data'];
  return { creditsDeducted: d.creditsDeducted, submissionIds: d.submissionIds, skipped: d.skipped };
}

// One submit per user at a time in this process, so two quick submits cannot both pass the
// "already applied" check for the same firm.
const userLocks = new Map<string, Promise<unknown>>();
async function withUserLock<T>(userId: string, f: () => Promise<T>): Promise<T> {
  const prev = userLocks.get(userId) ?? Promise.resolve();
  const next = prev.catch(() => undefined).then(f);
  userLocks.set(userId, next);
  try {
    return await next;
  } finally {
    if (userLocks.get(userId) === next) userLocks.delete(userId);
  }
}

async function mapLimit<T>(items: T[], limit: number, f: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await f(items[next++]!);
    }),
  );
}

/**
 * Submit to selected firms (spec §5 checks on the server): profile complete, firms known, firms
 * already applied to (or under way) skipped and not charged, balance enough for the rest; then one
 * credit per firm in one ledger append (reference = the attempt id), one submission stream per firm,
 * and the runs handed to the workflow engine. The answer does not wait for any browser.
 */
export async function submitApplications(
  ctx: Pick<SubmissionsContext, 'store' | 'db' | 'credits' | 'profile' | 'catalog' | 'newId'>,
  userId: string,
  input: SubmitInput,
  meta: CommandMeta,
  dispatch: (runs: SubmissionRun[]) => void,
): Promise<SubmitResponse> {
  const stream = input.requestKey ? requestStream(userId, input.test, input.requestKey) : null;
  if (stream) {
    const answered = await recordedAnswer(ctx, stream);
    if (answered) return answered;
  }
  return withUserLock(userId, async () => {
    if (stream) {
      const answered = await recordedAnswer(ctx, stream);
      if (answered) return answered;
    }
    const { completion } = await ctx.profile.get(userId);
    if (!completion.isComplete) throw new DomainError(INCOMPLETE_PROFILE, 400, 'incomplete_profile', { message: INCOMPLETE_PROFILE_MESSAGE });
    const ids = [...new Set(input.vcIds)];
    const firms = new Map((await ctx.catalog.getFirms(ids, { test: input.test })).map((f) => [f.id, f]));
    const skipped: SkippedFirm[] = [];
    const skip = (vcId: string, reason: SkippedFirm['reason']) => skipped.push({ vcId, reason, message: SKIP_MESSAGES[reason] });

    const idFor = (vcId: string) => (input.requestKey ? keyedId(userId, input.test, input.requestKey, vcId) : ctx.newId());
    const candidates = ids.flatMap((vcId) => {
      const firm = firms.get(vcId);
      if (!firm) return skip(vcId, 'not_found'), [];
      if (!firm.website) return skip(vcId, 'no_website'), [];
      if (firm.unusable) return skip(vcId, firm.unusable), [];
      return [{ vcId, firm, submissionId: idFor(vcId) }];
    });

    await waitForSubmissionsProjection(ctx);
    const existing = candidates.length
      ? await ctx.db
          .selectFrom('submissions')
          .select(['id', 'vc_firm_id', 'status'])
          .where('user_id', '=', userId)
          .where('vc_firm_id', 'in', candidates.map((c) => c.vcId))
          .where('status', 'in', ['pending', 'processing', 'completed'])
          .execute()
      : [];
    const ours = new Set(candidates.map((c) => c.submissionId));
    const blocking = new Map<string, string>();
    for (const row of existing as { id: string; vc_firm_id: string; status: string }[]) {
      // A submission of this very request (sent again after a failure half-way) is not in the way.
      if (ours.has(row.id)) continue;
      if (row.status === 'completed' || !blocking.has(row.vc_firm_id)) blocking.set(row.vc_firm_id, row.status);
    }
    const toCreate = candidates.filter((c) => {
      const status = blocking.get(c.vcId);
      if (!status) return true;
      skip(c.vcId, status === 'completed' ? 'already_applied' : 'in_progress');
      return false;
    });
    let answer: SubmitResponse = { creditsDeducted: 0, submissionIds: [], skipped };
    if (toCreate.length) {
      const balance = await ctx.credits.balance(userId);
      const message = insufficientCreditsMessage(toCreate.length, balance);
      if (balance < toCreate.length) throw new DomainError(INSUFFICIENT_CREDITS, 402, 'insufficient_credits', { message, balance });
      await ctx.credits.spendAll(
        userId,
        { spendKind: 'vc_application', insufficientMessage: message, items: toCreate.map((c) => ({ reference: c.submissionId, amount: 1, reason: `Application to ${c.firm.name}` })) },
        meta,
      );
      const created: string[] = [];
      try {
        await mapLimit(toCreate, 16, async (c) => {
          const location = [c.firm.city, c.firm.country].filter(Boolean).join(', ') || null;
          const command: SubmissionCommand = {
            type: 'RequestSubmission',
            data: {
              submissionId: c.submissionId,
              userId,
              vcFirmId: c.vcId,
              test: input.test,
              firm: { name: c.firm.name, location, investorType: c.firm.investorType, description: c.firm.description, website: c.firm.website },
              requestKey: input.requestKey,
            },
          };
          // A new stream: decided on the empty state and appended without reading first (one round
          // trip). A stream that exists already (the same keyed request again) is left as it is.
          const events = submissionDecider.decide(command, submissionDecider.initialState(), meta);
          try {
            await ctx.store.append(submissionStream(c.submissionId), events.map((e) => ({ type: e.type, data: e.data, metadata: { now: meta.now.toISOString(), actor: meta.actor } })), 'no_stream');
          } catch (err) {
            if (!(err instanceof ConcurrencyError)) throw err;
          }
          created.push(c.submissionId);
        });
      } catch (err) {
        // Charged but not recorded: give those credits back before answering with the error.
        const done = new Set(created);
        for (const c of toCreate) if (!done.has(c.submissionId)) await ctx.credits.refund(userId, c.submissionId, `Refund: application to ${c.firm.name} could not be recorded`, meta).catch(() => undefined);
        throw err;
      }
      answer = { creditsDeducted: toCreate.length, submissionIds: toCreate.map((c) => c.submissionId), skipped };
      dispatch(toCreate.map((c) => ({ submissionId: c.submissionId, attemptId: c.submissionId })));
    }
    if (stream && input.requestKey) {
      const event: SubmitRequestAccepted = { type: 'SubmitRequestAccepted', data: { userId, test: input.test, requestKey: input.requestKey, ...answer } };
      try {
        await ctx.store.append(stream, [{ type: event.type, data: event.data, metadata: { now: meta.now.toISOString(), actor: meta.actor } }], 'no_stream');
      } catch (err) {
        if (!(err instanceof ConcurrencyError)) throw err;
        return (await recordedAnswer(ctx, stream)) ?? answer;
      }
    }
    return answer;
  });
}
