// One application attempt on one firm's website: safety check, find the form, fill it, submit, verify,
// always ending with a screenshot and an honest status. Stops promptly on abort.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { ApplyFailure, NeedsInput, StoppedError, classifyThrown } from './errors';
import { findApplicationForm } from './find-form';
import { assertSubmittable, fillForm } from './fill-form';
import { openGuardedPage } from './request-guard';
import { makeStopCheck, type RunContext } from './run-context';
import {
  DEFAULT_TIMEOUTS,
  type ApplyOptions,
  type ApplyResult,
  type ApplyStep,
  type FilledField,
  type NotSentField,
} from './types';
import { checkUrlSafety } from './url-safety';
import { submitAndVerify } from './verify-submission';

const KEY_FIELDS = ['founderEmail', 'companyName', 'pitchDeck', 'pitchDeckFile', 'website'];
const MAX_HTML = 5 * 1024 * 1024;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([p.catch(() => undefined), new Promise<undefined>((r) => setTimeout(() => r(undefined), ms))]);
}

/** The given values a control refused, named in the summary so no answer is dropped silently. */
function describeNotSent(notSent: NotSentField[]): string {
  const given = notSent.filter((n) => n.given);
  return given.length ? ` Not sent: ${given.map((n) => `"${n.question}" (${n.reason})`).join('; ')}.` : '';
}

function describeFields(filled: FilledField[]): string {
  const keys = filled.filter((f) => KEY_FIELDS.includes(f.field)).map((f) => f.label);
  return `${filled.length} field${filled.length === 1 ? '' : 's'}${keys.length ? ` (${keys.slice(0, 4).join(', ')}…)` : ''}`;
}

export async function applyToFirm(opts: ApplyOptions): Promise<ApplyResult> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
  const filled: FilledField[] = [];
  const notSent: NotSentField[] = [];
  const debug = process.env.FP_AUTOMATION_DEBUG === '1';
  const trace: string[] = [];
  const t0 = Date.now();
  let lastStep: ApplyStep | null = null;
  const step = (s: ApplyStep) => {
    if (s === lastStep) return;
    lastStep = s;
    try {
      opts.onStep?.(s);
    } catch {
      /* a broken listener must not break the run */
    }
  };
  const result = (r: Partial<ApplyResult> & Pick<ApplyResult, 'status' | 'subStatus' | 'summary'>): ApplyResult => ({
    fieldsFilled: filled,
    notSent,
    confirmationText: null,
    error: null,
    screenshot: null,
    ...r,
  });
  const stoppedResult = (screenshot: Buffer | null, url?: string) =>
    result({
      status: 'stopped',
      subStatus: 'stopped',
      summary: `Stopped on request after filling ${filled.length} ${filled.length === 1 ? 'field' : 'fields'}; nothing was confirmed as submitted.`,
      screenshot,
      finalUrl: url,
      error: 'Stopped by request',
    });

  if (opts.signal?.aborted) return stoppedResult(null);
  step('navigating');
  const policy = {
    allowPrivate: opts.allowPrivate,
    allowedHosts: opts.allowedHosts ?? process.env.AUTOMATION_ALLOWED_HOSTS,
  };
  const safe = await checkUrlSafety(opts.url, policy);
  if (!safe.ok)
    return result({
      status: 'failed',
      subStatus: 'error',
      summary: `Did not open the firm's website: ${safe.reason}`,
      error: safe.reason,
      errorKind: 'permanent',
      errorCode: 'unsafe_url',
    });

  let stopped = false;
  const checkStopped = makeStopCheck(() => stopped);
  let browser: Browser | undefined = opts.browser;
  const ownBrowser = !browser;
  let context: BrowserContext | null = null;
  let page: Page | null = null;
  const blocked: string[] = [];

  const cleanup = async (ms: number) => {
    await withTimeout((context as BrowserContext | null)?.close() ?? Promise.resolve(), ms);
    if (ownBrowser && browser) await withTimeout(browser.close(), ms);
  };
  const proof: RunContext['proof'] = { sentRequest: null };
  // Proof: the page as the firm showed it at the end (capped: a proof, not an archive of the site).
  const html = async (ms: number): Promise<string | null> => {
    if (!page || page.isClosed()) return null;
    const text = (await withTimeout(page.content(), ms)) ?? null;
    return text && text.length > MAX_HTML ? text.slice(0, MAX_HTML) : text;
  };
  const snap = async (ms: number): Promise<Buffer | null> =>
    page && !page.isClosed()
      ? ((await withTimeout(page.screenshot({ type: 'png', timeout: ms, animations: 'disabled' }), ms + 200)) ?? null)
      : null;

  // The whole-run limit: it does not run while the run waits for a person to take over.
  let timer: NodeJS.Timeout | undefined;
  let remainingMs = timeouts.totalMs;
  let clockSince = Date.now();
  let fireTimeout: () => void = () => undefined;
  const pauseClock = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    remainingMs -= Date.now() - clockSince;
  };
  let finished = false;
  const resumeClock = () => {
    if (finished) return;
    clockSince = Date.now();
    timer = setTimeout(() => fireTimeout(), Math.max(0, remainingMs));
  };
  const takeover = opts.takeover;
  const pausedTakeover: RunContext['takeover'] = takeover
    ? async (request) => {
        pauseClock();
        try {
          return await takeover(request);
        } finally {
          resumeClock();
        }
      }
    : undefined;

  const work = (async (): Promise<ApplyResult> => {
    if (!browser) browser = await launchBrowser();
    checkStopped();
    ({ context, page } = await openGuardedPage(browser, policy, blocked, timeouts));
    const dialogs: string[] = [];
    // Accept like a person would (confirm "Send application?"), but remember what was said.
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      d.accept().catch(() => undefined);
    });
    try {
      opts.onPage?.(page);
    } catch {
      /* listener errors are the caller's problem */
    }
    const ctx: RunContext = {
      page,
      profile: opts.profile,
      deck: opts.deck ?? null,
      documents: opts.documents ?? [],
      deckUrl: opts.deckUrl ?? null,
      checkboxes: opts.checkboxes,
      defaultMessage: opts.defaultMessage ?? null,
      proof,
      answers: opts.answers ?? [],
      timeouts,
      dryRun: !!opts.dryRun,
      maxPages: opts.maxPages ?? 8,
      filled,
      notSent,
      dialogs,
      step,
      checkStopped,
      takeover: pausedTakeover,
      log: (m) => {
        m = `+${Date.now() - t0}ms ${m}`;
        trace.push(m);
        if (debug) console.log(`[apply ${safe.url.host}] ${m}`);
      },
    };
    const location = await findApplicationForm(ctx, safe.url.toString());
    const ready = await fillForm(ctx, location);
    if (ctx.dryRun) {
      return result({
        status: 'completed',
        subStatus: 'form_filled',
        summary: `Dry run: found the application form and filled ${describeFields(filled)}; did not submit.${describeNotSent(notSent)}`,
        finalUrl: page.url(),
      });
    }
    await assertSubmittable(ready);
    const ok = await submitAndVerify(ctx, ready);
    const conf = ok.confirmationText
      ? ` The site confirmed: "${ok.confirmationText.slice(0, 160)}"`
      : ` No confirmation text; evidence: ${ok.evidence}.`;
    const host = new URL(page.url()).host;
    const over = ready.steps > 1 ? ` over ${ready.steps} steps` : '';
    return result({
      status: 'completed',
      subStatus: 'submitted',
      summary: ok.unconfirmed
        ? `Sent, confirmation not seen: the application went to ${host} with ${describeFields(filled)}${over}, and ${ok.evidence}. Check with the firm before applying again.${describeNotSent(notSent)}`
        : `Submitted the application on ${host} with ${describeFields(filled)}${over}.${conf}${describeNotSent(notSent)}`,
      confirmationText: ok.confirmationText,
      finalUrl: page.url(),
    });
  })();
  work.catch(() => undefined); // after a stop or timeout the flow dies on the closed context; nobody awaits it

  let onAbort: (() => void) | undefined;
  const stopP = new Promise<'stopped'>((resolve) => {
    onAbort = () => {
      stopped = true;
      resolve('stopped');
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });
  });
  const timeoutP = new Promise<'timeout'>((resolve) => {
    fireTimeout = () => resolve('timeout');
    if (!timer) resumeClock();
  });

  try {
    const outcome = await Promise.race([
      work.then(
        (r) => ({ r }),
        (e: unknown) => ({ e }),
      ),
      stopP,
      timeoutP,
    ]);
    if (outcome === 'stopped') {
      const shot = await snap(500);
      const url = page && !(page as Page).isClosed() ? (page as Page).url() : undefined;
      await cleanup(600);
      return stoppedResult(shot, url);
    }
    if (outcome === 'timeout') {
      stopped = true;
      const shot = await snap(1500);
      await cleanup(2000);
      const error = `The whole attempt took longer than ${Math.round(timeouts.totalMs / 1000)} s and was abandoned.`;
      return result({
        status: 'failed',
        subStatus: 'error',
        summary: `Application not submitted: ${error}`,
        error,
        screenshot: shot,
        errorKind: 'transient',
        errorCode: 'timeout',
      });
    }
    const finalUrl = page && !(page as Page).isClosed() ? (page as Page).url() : undefined;
    if ('r' in outcome) {
      const shot = await snap(5000);
      const pageHtml = await html(3000);
      await cleanup(3000);
      return { ...outcome.r, screenshot: shot, finalUrl, sentRequest: proof.sentRequest, pageHtml };
    }
    const e = outcome.e;
    if (e instanceof StoppedError || stopped) {
      const shot = await snap(500);
      await cleanup(600);
      return stoppedResult(shot, finalUrl);
    }
    if (e instanceof NeedsInput) {
      const shot = await snap(5000);
      await cleanup(3000);
      return result({
        status: 'waiting_for_input',
        subStatus: 'waiting_for_input',
        summary: `Waiting for your answers: ${e.message}`,
        error: null,
        screenshot: shot,
        errorCode: 'needs_input',
        errorKind: 'permanent',
        unansweredQuestions: e.questions,
        finalUrl,
      });
    }
    // Whatever the flow concluded, a page or browser that died under it is a crash, not the site's fault.
    const crashed = (page !== null && (page as Page).isClosed()) || (browser !== undefined && !browser.isConnected());
    const c = crashed
      ? {
          code: 'browser' as const,
          kind: 'transient' as const,
          message: 'The browser closed unexpectedly during the attempt.',
        }
      : classifyThrown(e);
    const shot = await snap(5000);
    const pageHtml = await html(3000);
    await cleanup(3000);
    if (debug) console.log(`[apply] failed: ${c.code} ${c.message}\n  ${trace.join('\n  ')}`);
    const blockedNote =
      blocked.length && !(e instanceof ApplyFailure)
        ? ` (blocked requests to non-public addresses: ${blocked.slice(0, 2).join(', ')})`
        : '';
    return result({
      status: 'failed',
      subStatus: 'error',
      summary: `Application not submitted: ${c.message}${blockedNote}`,
      error: c.message,
      screenshot: shot,
      errorKind: c.kind,
      errorCode: c.code,
      finalUrl,
      sentRequest: proof.sentRequest,
      pageHtml,
    });
  } finally {
    finished = true;
    if (timer) clearTimeout(timer);
    if (onAbort) opts.signal?.removeEventListener('abort', onAbort);
  }
}
