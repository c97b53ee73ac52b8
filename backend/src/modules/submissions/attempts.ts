import { firmApplicationStream, submissionStream } from '@fp/contracts';
import type {
  AttemptInfo,
  AttemptProof,
  EngineKind,
  AttemptOutcome,
  SubmissionRun,
  SubmissionStorePort,
} from '@fp/workflows';
import type { StartupProfile } from '@fp/workflows';
import type { AppContext } from '../../platform/context';
import type { SubmissionsContext } from './context';
import { DomainError, foldEvents, handleCommand, type CommandMeta } from '../../platform/decider';
import { firmApplicationDecider } from './firm-application-decider';
import { submissionDecider, type SubmissionCommand, type SubmissionState } from './submission-decider';

const WORKER = 'system:submission-worker';

/** Where an attempt's proof files live in file storage. */
const proofKey = (run: SubmissionRun) => `proofs/${run.submissionId}/${run.attemptId}`;

export const runCommand = (
  ctx: Pick<AppContext, 'store'>,
  submissionId: string,
  command: SubmissionCommand,
  meta: CommandMeta,
) => handleCommand(ctx.store, submissionStream(submissionId), submissionDecider, command, meta, { maxRetries: 30 });

export async function loadSubmission(ctx: Pick<AppContext, 'store'>, submissionId: string): Promise<SubmissionState> {
  const { events } = await ctx.store.readStream(submissionStream(submissionId));
  return foldEvents(submissionDecider, events);
}

/**
 * Frees the founder × firm stream when the submission's attempt has ended (failed or stopped: the
 * founder may apply again), or marks the firm applied (completed). Idempotent.
 */
export async function settleFirmApplication(
  ctx: Pick<AppContext, 'store'>,
  state: SubmissionState,
  meta: CommandMeta,
): Promise<void> {
  if (state.status !== 'completed' && state.status !== 'failed' && state.status !== 'stopped') return;
  await handleCommand(
    ctx.store,
    firmApplicationStream(state.userId, state.test, state.vcFirmId),
    firmApplicationDecider,
    { type: 'Settle', data: { submissionId: state.submissionId, status: state.status } },
    meta,
    { maxRetries: 30 },
  );
}

// Read by founders in their credit history: the firm and what happened, never a raw id.
const refundReason = (state: SubmissionState, attemptId: string) =>
  `Refund: application to ${state.firm?.name ?? state.vcFirmId} ${state.status === 'stopped' ? 'stopped before it was sent' : 'failed'}${attemptId === state.attemptId && state.attempt > 1 ? ` (attempt ${state.attempt})` : ''}`;

/**
 * Gives back the attempt's credit when the refund policy says so (failed, or stopped before the
 * form was sent), once: the ledger refunds a reference at most once, and the submission records it.
 */
export async function settleRefund(
  ctx: Pick<SubmissionsContext, 'store' | 'credits'>,
  submissionId: string,
  attemptId: string,
  meta: CommandMeta,
): Promise<void> {
  const state = await loadSubmission(ctx, submissionId);
  if (!state.refundable.has(attemptId) || state.refunded.has(attemptId)) return;
  const reason = refundReason(state, attemptId);
  // A refund the ledger refuses now is pending (retried until it lands): the submission says
  // "refunded" only once the credit is back.
  const refund = await ctx.credits.giveBack(state.userId, attemptId, reason, meta);
  if (!refund.landed) return;
  await runCommand(ctx, submissionId, { type: 'RecordRefund', data: { attemptId, reason } }, meta);
}

/** The submission workflow's view of the application (the engine-side port). Every call is idempotent. */
export function createAttemptStore(
  ctx: Pick<SubmissionsContext, 'store' | 'db' | 'credits' | 'profile' | 'clock' | 'storage' | 'config' | 'deckLinks'>,
): SubmissionStorePort {
  const meta = () => ({ now: ctx.clock.now(), actor: WORKER });
  return {
    async load(run: SubmissionRun): Promise<AttemptInfo | null> {
      const s = await loadSubmission(ctx, run.submissionId);
      if (!s.exists || !s.status) return null;
      return {
        submissionId: run.submissionId,
        attemptId: run.attemptId,
        currentAttemptId: s.attemptId,
        userId: s.userId,
        vcFirmId: s.vcFirmId,
        test: s.test,
        firmName: s.firm?.name ?? s.vcFirmId,
        website: s.firm?.website ?? null,
        status: s.status,
        formFilled: s.formFilled,
        stopRequested: s.stopRequested,
      };
    },
    async begin(run: SubmissionRun, taskId: string, engine: EngineKind) {
      const r = await runCommand(
        ctx,
        run.submissionId,
        { type: 'StartAttempt', data: { attemptId: run.attemptId, taskId, engine } },
        meta(),
      );
      return r.state.status === 'processing' && r.state.attemptId === run.attemptId;
    },
    async liveViewOpened(run: SubmissionRun) {
      await runCommand(ctx, run.submissionId, { type: 'OpenLiveView', data: { attemptId: run.attemptId } }, meta());
    },
    async formFilled(run: SubmissionRun) {
      await runCommand(ctx, run.submissionId, { type: 'MarkFormFilled', data: { attemptId: run.attemptId } }, meta());
    },
    async finish(run: SubmissionRun, outcome: AttemptOutcome) {
      // Whether a stop is refunded is the decider's rule (it knows whether the form was filled).
      const m = meta();
      // A pause waits INPUT_WAIT_HOURS from now for the founder's answers (the expiry sweep ends it after).
      const inputDeadline =
        outcome.status === 'waiting_for_input'
          ? new Date(m.now.getTime() + ctx.config.inputWaitHours * 3_600_000).toISOString()
          : undefined;
      const r = await runCommand(
        ctx,
        run.submissionId,
        { type: 'RecordOutcome', data: { attemptId: run.attemptId, outcome, inputDeadline } },
        m,
      );
      if (r.state.attemptId === run.attemptId) await settleFirmApplication(ctx, r.state, meta());
      await settleRefund(ctx, run.submissionId, run.attemptId, meta());
    },
    async takeoverRequested(run: SubmissionRun, request) {
      const r = await runCommand(
        ctx,
        run.submissionId,
        { type: 'RequestTakeover', data: { attemptId: run.attemptId, ...request } },
        meta(),
      );
      return r.state.attemptId === run.attemptId && r.state.takeover !== null;
    },
    async takeoverEnded(run: SubmissionRun, how) {
      await runCommand(ctx, run.submissionId, { type: 'EndTakeover', data: { attemptId: run.attemptId, how } }, meta());
    },
    async profile(userId: string): Promise<StartupProfile> {
      return (await ctx.profile.get(userId)).profile as StartupProfile;
    },
    async deck(userId: string) {
      const file = await ctx.profile.pitchDeckFile(userId);
      return file ? { fileName: file.fileName, bytes: file.bytes } : null;
    },
    async documents(userId: string) {
      return ctx.profile.documentFiles(userId);
    },
    async answers(userId: string) {
      // source: the automation tells the founder's own words from the profile's long fields
      return (await ctx.profile.answers(userId)).map(({ question, answer, source }) => ({ question, answer, source }));
    },
    async deckUrl(run: SubmissionRun, userId: string, firmId: string) {
      // One link per submission (its id is the submission's), so a retry or a resumed run sends the same one.
      try {
        return (await ctx.deckLinks.forApplication(userId, run.submissionId, { id: firmId }, meta())).url;
      } catch (err) {
        if (err instanceof DomainError && err.code === 'no_deck') return null;
        throw err;
      }
    },
    async choices(userId: string) {
      const c = await ctx.profile.standingChoices(userId);
      return { checkboxes: { optIns: c.optIns, acceptTerms: c.acceptTerms }, defaultMessage: c.defaultMessage };
    },
    async saveProof(run: SubmissionRun, userId: string, proof: AttemptProof) {
      // The files first, then the row that points at them: a crash in between leaves unreferenced files only.
      const base = proofKey(run);
      const screenshotKey = proof.screenshot ? `${base}/screenshot.png` : null;
      const htmlKey = proof.html !== null ? `${base}/page.html` : null;
      if (screenshotKey) await ctx.storage.put(screenshotKey, proof.screenshot!, { contentType: 'image/png' });
      if (htmlKey)
        await ctx.storage.put(htmlKey, Buffer.from(proof.html!, 'utf8'), { contentType: 'text/html; charset=utf-8' });
      const row = { png: null, screenshot_key: screenshotKey, html_key: htmlKey, created_at: ctx.clock.now() };
      await ctx.db
        .insertInto('submission_proofs')
        .values({ attempt_id: run.attemptId, submission_id: run.submissionId, user_id: userId, ...row })
        .onConflict((oc) => oc.column('attempt_id').doUpdateSet(row))
        .execute();
      return { screenshot: !!screenshotKey, html: !!htmlKey };
    },
  };
}
