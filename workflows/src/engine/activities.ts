import type { Page } from 'playwright-core';
import { applyToFirm } from '../automation/apply-to-firm';
import type { ApplyResult, ApplyStep, ApplyTimeouts, TakeoverHook } from '../automation/types';
import type { LiveHub } from '../live/hub';
import type { SharedBrowser } from './browser';
import type {
  AttemptInfo,
  EngineKind,
  AttemptOutcome,
  SubmissionActivities,
  SubmissionRun,
  SubmissionStorePort,
} from './port';
import { runOutcome } from './outcome';
import type { Recap } from './recap';
import type { DraftAnswers } from './drafts';
import type { RunRegistry } from './runs';
import type { SlotLease, WorkerSlots } from './slots';

export interface ActivityDeps {
  store: SubmissionStorePort;
  browser: SharedBrowser;
  live: LiveHub;
  runs: RunRegistry;
  /** host[:port] exempt from the private-address ban (AUTOMATION_ALLOWED_HOSTS plus the sandbox). */
  allowedHosts: string[];
  /** The sandbox of this process: test firms' websites are re-based onto it (its port may change between runs). */
  sandboxUrl?: string;
  recap: Recap;
  /** Draft answers for a pause (a language model, when configured); shown as drafts, never sent unapproved. */
  drafts?: DraftAnswers;
  timeouts?: Partial<ApplyTimeouts>;
  /**
   * How long a run waits at a CAPTCHA or login wall for its founder to take over in the live view
   * (TAKEOVER_MINUTES); 0 or absent: no takeover, such a run fails as before.
   */
  takeoverMs?: number;
  /**
   * The worker slots of this process (WORKER_CONCURRENCY, and TAKEOVER_MAX_OPEN pages waiting for
   * founders): a run's browser works only while it holds one; absent: no limit here.
   */
  slots?: WorkerSlots;
  log?: (m: string) => void;
}

const INTERRUPTED =
  'The run was interrupted after the form was filled (the worker stopped). It was not sent again, to avoid a duplicate application; retry to apply again.';
const STOPPED_EARLY = 'Stopped before the browser started. Nothing was sent to the firm.';
/** A stopped browser must be gone within 2 s: after this long, its context is closed under it. */
const FORCE_CLOSE_MS = 1500;

/** Test firms point at the sandbox; when it now runs on another port, go to the same path there. */
export function resolveWebsite(info: Pick<AttemptInfo, 'website' | 'test'>, sandboxUrl?: string): string | null {
  if (!info.website) return null;
  if (!info.test || !sandboxUrl) return info.website;
  try {
    const site = new URL(info.website);
    const sandbox = new URL(sandboxUrl);
    if (!['127.0.0.1', 'localhost', '[::1]', sandbox.hostname].includes(site.hostname)) return info.website;
    return `${sandbox.origin}${site.pathname}${site.search}`;
  } catch {
    return info.website;
  }
}

/**
 * The submission workflow's activities, shared by both engines: begin (pending → processing), apply
 * (one browser run, with live view and stop), finish (record the outcome and refund when due).
 */
export function createSubmissionActivities(deps: ActivityDeps): SubmissionActivities {
  const log = deps.log ?? (() => undefined);

  async function apply(
    run: SubmissionRun,
    hooks: { signal?: AbortSignal; heartbeat?: (step: string) => void } = {},
  ): Promise<AttemptOutcome> {
    const info = await deps.store.load(run);
    if (
      !info ||
      info.currentAttemptId !== run.attemptId ||
      (info.status !== 'processing' && info.status !== 'pending')
    ) {
      // Superseded or already finished (e.g. stopped while queued): nothing to do, finish() will be a no-op.
      return runOutcome({ status: 'stopped', summary: STOPPED_EARLY });
    }
    if (info.stopRequested || hooks.signal?.aborted) return runOutcome({ status: 'stopped', summary: STOPPED_EARLY });
    if (info.formFilled) {
      return runOutcome({
        status: 'failed',
        summary: `Application not confirmed: ${INTERRUPTED}`,
        error: INTERRUPTED,
        errorCode: 'interrupted',
        errorKind: 'permanent',
      });
    }
    const url = resolveWebsite(info, deps.sandboxUrl);
    if (!url) {
      const error = 'The firm has no website to apply on.';
      return runOutcome({
        status: 'failed',
        summary: `Application not submitted: ${error}`,
        error,
        errorCode: 'no_form',
        errorKind: 'permanent',
      });
    }
    const [profile, deck, documents, answers, deckUrl] = await Promise.all([
      deps.store.profile(info.userId),
      deps.store.deck(info.userId),
      deps.store.documents(info.userId),
      deps.store.answers(info.userId),
      // A link that could not be made is not a reason to fail the application: the form then gets what the founder gave.
      deps.store.deckUrl(run, info.userId, info.vcFirmId).catch((err) => {
        log(`[submissions] no deck link for ${run.attemptId}: ${(err as Error).message}`);
        return null;
      }),
    ]);
    // Agreements and opt-ins by the founder's own standing choices; the default message only where a form asks for one.
    const choices = await deps.store.choices(info.userId);

    const controller = deps.runs.start(run.attemptId);
    const onOuterAbort = () => controller.abort();
    hooks.signal?.addEventListener('abort', onOuterAbort, { once: true });
    // A stop that came while the founder's data was read found nothing here to abort. A stop is recorded
    // before it is signalled, so reading again now that this run is registered misses none.
    if ((await deps.store.load(run).catch(() => null))?.stopRequested) controller.abort();
    // A worker slot first: the engine may hand this process more runs than slots (paused runs do not count).
    const slot: SlotLease | undefined = await deps.slots?.acquire(run, controller.signal);
    if (controller.signal.aborted) {
      slot?.release();
      hooks.signal?.removeEventListener('abort', onOuterAbort);
      deps.runs.end(run.attemptId, controller);
      return runOutcome({ status: 'stopped', summary: STOPPED_EARLY });
    }
    let page: Page | null = null;
    let forceTimer: NodeJS.Timeout | undefined;
    controller.signal.addEventListener(
      'abort',
      () => {
        forceTimer = setTimeout(
          () =>
            void page
              ?.context()
              .close()
              .catch(() => undefined),
          FORCE_CLOSE_MS,
        );
      },
      { once: true },
    );
    let formSent = false;
    const live = deps.live.open(run);
    let lease: { release: () => void } | undefined;
    let result: ApplyResult;
    // One budget per run for all of its takeovers (a CAPTCHA that comes back asks again, same deadline).
    let takeoverDeadline: number | null = null;
    const takeover: TakeoverHook | undefined = deps.takeoverMs
      ? async ({ reason, message, page: p }) => {
          takeoverDeadline ??= Date.now() + deps.takeoverMs!;
          if (Date.now() >= takeoverDeadline) return 'expired';
          // The page waits outside the worker slots, in the takeover pool (TAKEOVER_MAX_OPEN). When
          // that is full, the run does not wait (it ends as without a takeover): holding its slot
          // for minutes is what blocked everyone else's runs.
          if (slot && !slot.pause()) {
            log(
              `[submissions] ${run.attemptId}: no takeover, ${deps.slots?.paused ?? 0} pages already wait for founders (TAKEOVER_MAX_OPEN)`,
            );
            return 'expired';
          }
          let decision: 'continue' | 'stop' | 'expired' = 'expired';
          try {
            if (
              !(await deps.store.takeoverRequested(run, {
                reason,
                message,
                deadline: new Date(takeoverDeadline).toISOString(),
              }))
            )
              return 'expired';
            live.step('waiting for you');
            hooks.heartbeat?.('waiting for you');
            const end = await deps.live.awaitTakeover(run, p, {
              reason,
              message,
              deadline: takeoverDeadline,
              signal: controller.signal,
            });
            decision = end.decision;
            const how = end.decision === 'continue' ? 'continued' : end.decision === 'stop' ? 'stopped' : 'expired';
            await deps.store
              .takeoverEnded(run, how)
              .catch((err) =>
                log(`[submissions] takeover end not recorded for ${run.attemptId}: ${(err as Error).message}`),
              );
            return end.decision;
          } finally {
            // Handed back: the automation works on, so it needs a slot again (the next free one, a
            // stop ends that wait). Stopped or expired: the run only closes its page, from the pool.
            if (decision === 'continue') await slot?.resume(controller.signal);
          }
        }
      : undefined;
    try {
      const acquired = await deps.browser.acquire();
      lease = acquired;
      result = await applyToFirm({
        url,
        profile,
        deck: deck ?? undefined,
        documents,
        deckUrl,
        answers,
        checkboxes: choices.checkboxes,
        defaultMessage: choices.defaultMessage,
        browser: acquired.browser,
        allowedHosts: deps.allowedHosts,
        signal: controller.signal,
        timeouts: deps.timeouts,
        takeover,
        onStep: (step: ApplyStep) => {
          live.step(step);
          hooks.heartbeat?.(step);
          if (step === 'submitting') {
            formSent = true;
            // Recorded so a run interrupted from here on is never sent twice.
            deps.store
              .formFilled(run)
              .catch((err) =>
                log(`[submissions] form_filled not recorded for ${run.attemptId}: ${(err as Error).message}`),
              );
          }
        },
        onPage: (p) => {
          page = p;
          void live
            .attach(p)
            .then((ok) => (ok ? deps.store.liveViewOpened(run) : undefined))
            .catch(() => undefined);
        },
      });
    } catch (err) {
      // applyToFirm reports expected failures as results; a throw here is the browser itself failing.
      const error = `The browser failed: ${(err as Error).message}`;
      result = {
        status: 'failed',
        subStatus: 'error',
        summary: `Application not submitted: ${error}`,
        error,
        errorKind: 'transient',
        errorCode: 'browser',
        fieldsFilled: [],
        confirmationText: null,
        screenshot: null,
      };
    } finally {
      if (forceTimer) clearTimeout(forceTimer);
      hooks.signal?.removeEventListener('abort', onOuterAbort);
      deps.runs.end(run.attemptId, controller);
      lease?.release();
      await live.close();
      slot?.release();
    }

    const stopped = controller.signal.aborted && result.status !== 'completed';
    if (!stopped && result.status === 'waiting_for_input') {
      const asked = result.unansweredQuestions ?? [];
      const drafts = deps.drafts
        ? await deps.drafts(asked, { firmName: info.firmName, profile }).catch(() => asked.map(() => null))
        : asked.map(() => null);
      const proof = result.screenshot
        ? await deps.store
            .saveProof(run, info.userId, { screenshot: result.screenshot, html: null })
            .catch(() => ({ screenshot: false, html: false }))
        : { screenshot: false, html: false };
      return runOutcome({
        status: 'waiting_for_input',
        summary: result.summary,
        fieldsFilled: result.fieldsFilled.map(filledRecord),
        screenshot: proof.screenshot,
        finalUrl: result.finalUrl ?? null,
        questions: asked.map((q, i) => ({ ...q, draft: drafts[i] ?? null })),
      });
    }
    let saved = { screenshot: false, html: false };
    if (result.screenshot || result.pageHtml) {
      try {
        saved = await deps.store.saveProof(run, info.userId, {
          screenshot: result.screenshot,
          html: result.pageHtml ?? null,
        });
      } catch (err) {
        log(`[submissions] proof not saved for ${run.attemptId}: ${(err as Error).message}`);
      }
    }
    const status = stopped ? 'stopped' : result.status;
    const summary = stopped && result.status !== 'stopped' ? `Stopped on request. ${result.summary}` : result.summary;
    const recap =
      status === 'stopped'
        ? { text: stoppedRecap(formSent, result), source: 'rules' as const }
        : await deps.recap(result, { firmName: info.firmName });
    return runOutcome({
      status,
      summary,
      aiRecap: recap.text,
      recapSource: recap.source,
      error: status === 'failed' ? (result.error ?? 'The application could not be completed.') : null,
      errorCode: status === 'failed' ? (result.errorCode ?? null) : null,
      errorKind: status === 'failed' ? (result.errorKind ?? 'permanent') : null,
      confirmationText: result.confirmationText,
      fieldsFilled: result.fieldsFilled.map(filledRecord),
      ...(result.notSent?.length
        ? { notSent: result.notSent.map(({ question, reason, given }) => ({ question, reason, given })) }
        : {}),
      screenshot: saved.screenshot,
      pageHtml: saved.html,
      sentRequest: result.sentRequest ?? null,
      finalUrl: result.finalUrl ?? null,
      formSent: status === 'completed' || formSent,
    });
  }

  return {
    begin: (run: SubmissionRun, taskId: string, engine: EngineKind) => deps.store.begin(run, taskId, engine),
    apply,
    finish: (run: SubmissionRun, o: AttemptOutcome) => deps.store.finish(run, o),
  };
}

/** A field filled, for the submission's record and its proof: with where its value came from (a box ticked by a setting or by an answer). */
const filledRecord = ({ field, label, value, source }: ApplyResult['fieldsFilled'][number]) =>
  source ? { field, label, value, source } : { field, label, value };

function stoppedRecap(formSent: boolean, result: ApplyResult): string {
  const n = result.fieldsFilled.length;
  return formSent
    ? `You stopped this run while the form was being sent (${n} field${n === 1 ? '' : 's'} filled). The firm may have received it, so the credit is not refunded; check with the firm before applying again.`
    : `You stopped this run before the form was sent (${n} field${n === 1 ? '' : 's'} filled). Nothing reached the firm and the credit is refunded.`;
}
