// Presses submit and decides, from what actually happened, whether the firm received the application.
// Success needs positive evidence (confirmation text, thank-you URL, or the form cleared after an accepted
// request); errors, 4xx/5xx answers and silence are failures.
import type { Request, Response } from 'playwright-core';
import type { Frame } from 'playwright-core';
import { scanFrame, type ScannedControl } from './dom-scan';
import { ApplyFailure, NeedsInput } from './errors';
import { displayLabel } from './form-model';
import { questionOf, shownValue, type ReadyForm } from './fill-form';
import { allErrors, allLines } from './frames';
import { clickElement, sleep } from './page-actions';
import { isErrorText, isSuccessText, isThankYouUrl } from './page-heuristics';
import type { RunContext } from './run-context';
import type { FormQuestion } from './types';

export interface Confirmation {
  confirmationText: string | null;
  evidence: string;
  /** The site accepted the request that sent the form, but showed no confirmation: sent, confirmation not seen. */
  unconfirmed?: boolean;
}

const core = (s: string) =>
  s
    .toLowerCase()
    .replace(/\(.*?\)|\[.*?\]|\s[—–-]\s.*$/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** "All fields (except website) are required", "Please fill in all fields": the fields it means, by exception. */
const ALL_FIELDS =
  /\ball (the )?(fields|questions)\b(?:,? (?:except|but|apart from|other than) (?:the )?(.+?))?,? (?:are|is) (?:required|mandatory)|\bfill (?:in|out) (?:all|every) (?:the )?(?:fields|questions)/i;

const THIS_FIELD =
  /\b(answer|fill in|complete) this (question|field)\b|\bthis (question|field) is (required|mandatory)\b/i;

/**
 * The empty fields a refusal names ("Pitch is required", "All fields except website are required"), as
 * questions for the founder: the form wanted them although none was marked required. Empty when it names none.
 */
function fieldsNamedBy(message: string, empty: ScannedControl[]): ScannedControl[] {
  // "Please answer this question" on a one-question screen: the empty field on it.
  if (THIS_FIELD.test(message)) return empty.length === 1 ? empty : [];
  const all = message.match(ALL_FIELDS);
  if (all) {
    const except = core(all[3] ?? '');
    return empty.filter((c) => {
      const label = core(displayLabel(c));
      return !except || !except.split(/\s+(?:and|or)\s+|\s+/).some((w) => w.length > 2 && label.includes(w));
    });
  }
  const said = ` ${core(message)} `;
  return empty.filter((c) => {
    const label = core(displayLabel(c));
    return label.length >= 3 && said.includes(` ${label} `);
  });
}

/** The fields of the form still empty now (not a hidden one, not a file). */
async function emptyFields(frame: Frame, group: string): Promise<ScannedControl[]> {
  if (frame.isDetached()) return [];
  const scan = await scanFrame(frame).catch(() => null);
  if (!scan) return [];
  return scan.controls.filter((c) => c.group === group && c.visible && c.kind !== 'file' && !shownValue(c));
}

/** A refusal that names fields left empty becomes the founder's questions (nothing was accepted). */
async function askNamedFields(ready: ReadyForm, message: string): Promise<void> {
  const named = fieldsNamedBy(message, await emptyFields(ready.frame, ready.group));
  if (!named.length) return;
  const questions: FormQuestion[] = named.map((c) => ({ ...questionOf(c), required: true }));
  throw new NeedsInput(questions);
}

/** Whether the page still says it is working on the submission (aria-busy, "Sending…", a spinner's words). */
async function busy(frames: Frame[]): Promise<boolean> {
  const src = `(() => { const seen = (el) => el.getClientRects().length > 0;
    if (Array.from(document.querySelectorAll('[aria-busy="true"]')).some(seen)) return true;
    return Array.from(document.querySelectorAll('[role=status],[role=progressbar],.spinner,.loading,p,span,div'))
      .some((el) => seen(el) && el.children.length === 0 && /^(sending|submitting|processing|uploading|loading|please wait)\b/i.test((el.textContent || '').trim())); })()`;
  for (const f of frames) if (!f.isDetached() && (await f.evaluate(src).catch(() => false))) return true;
  return false;
}

interface Seen {
  status: number;
  method: string;
  url: string;
  navigation: boolean;
}

/** The success line, extended with the following line when it is only a heading ("Thank you!"). */
function confirmationFrom(lines: string[], i: number): string {
  const first = lines[i];
  const next = lines[i + 1];
  return (first.length < 60 && next && !isErrorText(next) ? `${first} ${next}` : first).slice(0, 400);
}

async function formGoneOrCleared(ready: ReadyForm): Promise<boolean> {
  if (!ready.filledIds.length) return false;
  if (ready.frame.isDetached()) return true;
  const src = `(() => { const ids = ${JSON.stringify(ready.filledIds)}; let gone = 0;
    for (const id of ids) { const el = document.querySelector('[data-fp-id="' + id + '"]');
      if (!el || !el.isConnected || el.getClientRects().length === 0) { gone++; continue; }
      const v = 'value' in el ? el.value : el.innerText; if (!v || !String(v).trim()) gone++; }
    return gone / ids.length; })()`;
  const share = (await ready.frame.evaluate(src).catch(() => 1)) as number;
  return share >= 0.5;
}

export async function submitAndVerify(ctx: RunContext, ready: ReadyForm): Promise<Confirmation> {
  const page = ctx.page;
  const beforeLines = new Set(await allLines(page));
  const beforeErrors = new Set(await allErrors(page));
  const beforeUrl = page.url();
  const beforeFrameUrl = ready.frame.url();
  const dialogsBefore = ctx.dialogs.length;
  const responses: Seen[] = [];
  let requests = 0;
  const pending = new Set<Request>();
  const onRequest = (r: Request) => {
    if (['document', 'xhr', 'fetch', 'other'].includes(r.resourceType())) {
      requests++;
      pending.add(r);
    }
  };
  const onDone = (r: Request) => pending.delete(r);
  const failed: { url: string; error: string }[] = [];
  const onFailed = (r: Request) => {
    pending.delete(r);
    if (['document', 'xhr', 'fetch'].includes(r.resourceType()) && (r.method() !== 'GET' || r.isNavigationRequest()))
      failed.push({ url: r.url(), error: r.failure()?.errorText ?? 'failed' });
  };
  const onResponse = (r: Response) => {
    const q = r.request();
    if (!['document', 'xhr', 'fetch'].includes(q.resourceType())) return; // beacons and assets say nothing about the form
    if (q.method() !== 'GET' || q.isNavigationRequest()) {
      responses.push({ status: r.status(), method: q.method(), url: r.url(), navigation: q.isNavigationRequest() });
      // Proof: the first request that carried data (POST, PUT…) is the one that sent the form; a
      // GET form only navigates, so the first navigation stands in until a data request shows up.
      const seen = ctx.proof.sentRequest;
      if (!seen || (seen.method === 'GET' && q.method() !== 'GET'))
        ctx.proof.sentRequest = { method: q.method(), url: r.url(), status: r.status() };
    }
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  page.on('requestfinished', onDone);
  try {
    ctx.checkStopped();
    ctx.step('submitting');
    ctx.log(`submit via "${ready.submit.text}"`);
    await clickElement(ready.frame, ready.submit.id, ctx.timeouts.actionMs);
    ctx.step('verifying');
    const start = Date.now();
    let clearedSince = 0;
    // The wait adapts: past verifyMs it goes on only while the request is in flight or the page is busy, and
    // a moment after that, to read what the page then says.
    let activeAt = 0;
    const waiting = async () => {
      const t = Date.now() - start;
      if (t >= Math.max(ctx.timeouts.verifyMaxMs, ctx.timeouts.verifyMs)) return false;
      if (t < ctx.timeouts.verifyMs) return true;
      if (pending.size > 0 || (await busy([ctx.page.mainFrame(), ready.frame]))) activeAt = Date.now();
      return Date.now() - activeAt < 1000;
    };
    while (await waiting()) {
      ctx.checkStopped();
      await sleep(300);
      for (const d of ctx.dialogs.slice(dialogsBefore)) {
        if (isErrorText(d))
          throw new ApplyFailure('submit_rejected', `The site rejected the application: "${d.slice(0, 300)}"`);
        if (isSuccessText(d)) return { confirmationText: d.slice(0, 400), evidence: 'confirmation dialog' };
      }
      const broken = failed.find((f) => !/ERR_ABORTED/.test(f.error)); // ERR_ABORTED: superseded by a navigation
      if (broken) {
        if (/BLOCKED_BY_CLIENT/.test(broken.error))
          throw new ApplyFailure(
            'unsafe_url',
            `The form sends its data to an address that is not allowed (${broken.url}); not submitted.`,
          );
        throw new ApplyFailure('navigation', `Sending the application failed: ${broken.error}`, 'transient');
      }
      const bad = responses.find((r) => r.status >= 400);
      if (bad) {
        await sleep(400);
        const said = (await allLines(page))
          .filter((l) => !beforeLines.has(l))
          .slice(0, 2)
          .join(' ');
        if (bad.status < 500) await askNamedFields(ready, said);
        throw new ApplyFailure(
          bad.status >= 500 ? 'server_error' : 'submit_rejected',
          `The website answered HTTP ${bad.status} to the submission${said ? `: "${said.slice(0, 200)}"` : ''}.`,
        );
      }
      let lines: string[];
      try {
        lines = await allLines(page);
      } catch {
        continue;
      }
      const fresh = lines.filter((l) => !beforeLines.has(l));
      const newErrors = (await allErrors(page).catch(() => [] as string[])).filter(
        (e) => !beforeErrors.has(e) && isErrorText(e),
      );
      if (newErrors.length) await askNamedFields(ready, newErrors[0]);
      if (newErrors.length)
        throw new ApplyFailure('submit_rejected', `The site showed an error after submitting: "${newErrors[0]}"`);
      const okIdx = fresh.findIndex(isSuccessText);
      if (okIdx >= 0) return { confirmationText: confirmationFrom(fresh, okIdx), evidence: 'confirmation text' };
      const url = page.url();
      const frameUrl = ready.frame.isDetached() ? '' : ready.frame.url();
      if (
        (url !== beforeUrl && isThankYouUrl(url)) ||
        (frameUrl && frameUrl !== beforeFrameUrl && isThankYouUrl(frameUrl))
      )
        return { confirmationText: fresh[0] ?? (await page.title().catch(() => null)), evidence: `redirect to ${url}` };
      const errLine = fresh.find(isErrorText);
      if (errLine && Date.now() - start > 600) await askNamedFields(ready, errLine);
      if (errLine && Date.now() - start > 600)
        throw new ApplyFailure(
          'submit_rejected',
          `The site showed an error after submitting: "${errLine.slice(0, 300)}"`,
        );
      if (responses.some((r) => r.status < 400) && (await formGoneOrCleared(ready))) {
        clearedSince ||= Date.now();
        if (Date.now() - clearedSince >= 1500)
          return { confirmationText: null, evidence: 'form cleared after the site accepted the request' };
      }
      if (Date.now() - start > ctx.timeouts.quietMs && requests === 0 && fresh.length === 0 && url === beforeUrl)
        throw new ApplyFailure(
          'no_confirmation',
          `Clicking "${ready.submit.text || 'Submit'}" had no visible effect: nothing was sent and the page did not change.`,
        );
    }
    const waited = Math.round((Date.now() - start) / 1000);
    if (pending.size)
      throw new ApplyFailure(
        'timeout',
        `The site was still answering the submission after ${waited} s; the outcome is unknown.`,
        'transient',
      );
    // The request that sent the form was accepted and nothing said otherwise: sent, but not confirmed.
    const sent = ctx.proof.sentRequest;
    if (sent && sent.method !== 'GET' && sent.status < 300)
      return {
        confirmationText: null,
        evidence: `the site accepted it (HTTP ${sent.status} to ${sent.method}) but showed no confirmation within ${waited} s`,
        unconfirmed: true,
      };
    throw new ApplyFailure(
      'no_confirmation',
      `No confirmation appeared within ${waited} s of submitting, so success cannot be claimed.`,
    );
  } finally {
    page.off('request', onRequest);
    page.off('response', onResponse);
    page.off('requestfailed', onFailed);
    page.off('requestfinished', onDone);
  }
}
