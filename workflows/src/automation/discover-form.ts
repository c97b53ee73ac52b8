// The registry's visit to one firm's website: the same discovery the application run uses (find-form,
// dom-scan, the URL safety policy and the request guard), stopped before anything is filled in. It
// records where the form is, what it asks and what stands in the way.
import type { Browser, Frame } from 'playwright-core';
import { ApplyFailure, StoppedError, classifyThrown } from './errors';
import { findApplicationForm } from './find-form';
import { scanFrame, withChoiceCards } from './dom-scan';
import { classifyControl, displayLabel } from './form-model';
import { openGuardedPage } from './request-guard';
import { makeStopCheck, type RunContext } from './run-context';
import { DEFAULT_TIMEOUTS, type ApplyTimeouts } from './types';
import { checkUrlSafety, type SafetyPolicy } from './url-safety';

type DiscoveredKind =
  'native' | 'typeform' | 'google_forms' | 'hubspot' | 'airtable' | 'tally' | 'jotform' | 'other_embed';
type DiscoveredBlocker = 'captcha' | 'login' | 'email_only' | 'file_upload_required';
type DiscoveryOutcome = 'found' | 'no_form' | 'blocked' | 'unreachable' | 'reserved_domain';

interface DiscoveredField {
  label: string;
  type: string;
  required: boolean;
  asks: string | null;
}

export interface DiscoveryResult {
  outcome: DiscoveryOutcome;
  url: string | null;
  kind: DiscoveredKind | null;
  fields: DiscoveredField[];
  blockers: DiscoveredBlocker[];
  detail: string | null;
}

export interface DiscoverOptions {
  url: string;
  browser: Browser;
  policy: SafetyPolicy;
  timeouts?: Partial<ApplyTimeouts>;
  maxPages?: number;
  signal?: AbortSignal;
  /** Every request the guard refused (tests check that nothing left the allowed hosts). */
  blocked?: string[];
  /**
   * Asked before each page the visit opens (every main-frame navigation: the start page, links
   * followed, apply buttons): false refuses it (robots.txt). Refused pages are added to `refused`.
   */
  mayVisit?: (url: string) => Promise<boolean>;
  refused?: string[];
}

/** Hosted form builders, by the host their form is served from. */
const PROVIDER_HOSTS: [RegExp, DiscoveredKind][] = [
  [/(^|\.)typeform\.com$/, 'typeform'],
  [/^docs\.google\.com$|(^|\.)forms\.gle$/, 'google_forms'],
  [/(^|\.)(hsforms\.(com|net)|hubspot\.com)$/, 'hubspot'],
  [/(^|\.)airtable\.com$/, 'airtable'],
  [/(^|\.)tally\.so$/, 'tally'],
  [/(^|\.)jotform\.(com|eu)$|(^|\.)jotform\.me$/, 'jotform'],
];

/** The builders' own markup, for forms embedded by script on the firm's domain. */
const PROVIDER_MARKERS = String.raw`(() => {
  const has = (s) => !!document.querySelector(s);
  if (has('[data-tf-widget],[data-tf-live],.typeform-widget')) return 'typeform';
  if (has('form.hs-form,form[id^="hsForm_"],.hbspt-form')) return 'hubspot';
  if (has('form.jotform-form')) return 'jotform';
  if (has('[data-tally-src],.tally,.tally-form')) return 'tally';
  if (has('.airtable-embed')) return 'airtable';
  if (has('.freebirdFormviewerViewFormCard,form[action*="/forms/"][action*="formResponse"]')) return 'google_forms';
  return '';
})()`;

function hostOf(u: string): string {
  try {
    return new URL(u).hostname.toLowerCase();
  } catch {
    return '';
  }
}

async function kindOf(frame: Frame, pageUrl: string): Promise<DiscoveredKind> {
  const host = hostOf(frame.url());
  for (const [re, kind] of PROVIDER_HOSTS) if (re.test(host)) return kind;
  const marked = (await frame.evaluate(PROVIDER_MARKERS).catch(() => '')) as string;
  if (marked) return marked as DiscoveredKind;
  // A frame from another site that is none of the known builders.
  return host && host !== hostOf(pageUrl) ? 'other_embed' : 'native';
}

const BLOCKED_CODES: Partial<Record<string, DiscoveredBlocker>> = {
  captcha: 'captcha',
  login_required: 'login',
  email_only: 'email_only',
  file_upload_required: 'file_upload_required',
};

/** The answer for a URL the safety policy refuses: demo data on a reserved name, or an address not allowed. */
export function refusedVisit(reason: string): DiscoveryResult {
  return {
    outcome: /reserved domain/i.test(reason) ? 'reserved_domain' : 'unreachable',
    url: null,
    kind: null,
    fields: [],
    blockers: [],
    detail: reason,
  };
}

/** Visits the website like a person would and says what the application form is, or honestly why there is none. */
export async function discoverForm(opts: DiscoverOptions): Promise<DiscoveryResult> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
  const none = (outcome: DiscoveryOutcome, detail: string, blockers: DiscoveredBlocker[] = []): DiscoveryResult => ({
    outcome,
    url: null,
    kind: null,
    fields: [],
    blockers,
    detail,
  });
  const safe = await checkUrlSafety(opts.url, opts.policy);
  if (!safe.ok) return refusedVisit(safe.reason);

  let stopped = !!opts.signal?.aborted;
  const onAbort = () => {
    stopped = true;
  };
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const blocked = opts.blocked ?? [];
  const { context, page } = await openGuardedPage(opts.browser, opts.policy, blocked, timeouts);
  const mayVisit = opts.mayVisit;
  if (mayVisit) {
    // Page routes run before the context's request guard; fallback() hands every other request to it.
    await page.route('**/*', async (route) => {
      const req = route.request();
      let isPage = false;
      try {
        isPage = req.isNavigationRequest() && req.frame() === page.mainFrame();
      } catch {
        isPage = false;
      }
      if (isPage && /^https?:/i.test(req.url()) && !(await mayVisit(req.url()).catch(() => true))) {
        opts.refused?.push(req.url());
        return route.abort('blockedbyclient').catch(() => undefined);
      }
      return route.fallback().catch(() => undefined);
    });
  }
  const ctx: RunContext = {
    page,
    profile: {},
    deck: null,
    documents: [],
    answers: [],
    timeouts,
    dryRun: true,
    maxPages: opts.maxPages ?? 8,
    filled: [],
    notSent: [],
    dialogs: [],
    // Discovery never sends a form: nothing to prove.
    proof: { sentRequest: null },
    step: () => undefined,
    checkStopped: makeStopCheck(() => stopped),
    log: () => undefined,
  };
  const work = async (): Promise<DiscoveryResult> => {
    const location = await findApplicationForm(ctx, safe.url.toString());
    const scan = withChoiceCards(await scanFrame(location.frame));
    const controls = scan.controls
      .filter((c) => c.group === location.group && c.visible)
      .sort((a, b) => a.order - b.order);
    const fields = controls.map((c) => ({
      label: displayLabel(c),
      type: c.kind === 'text' ? c.inputType || 'text' : c.kind,
      required: c.required,
      asks: classifyControl(c)?.target ?? null,
    }));
    const blockers: DiscoveredBlocker[] = [];
    if (location.captcha || scan.captcha) blockers.push('captcha');
    if (controls.some((c) => c.inputType === 'password')) blockers.push('login');
    if (controls.some((c) => c.kind === 'file' && c.required)) blockers.push('file_upload_required');
    const kind = await kindOf(location.frame, page.url());
    const unpassable = blockers.filter((b) => b !== 'file_upload_required');
    return {
      outcome: unpassable.length ? 'blocked' : 'found',
      url: location.frame === page.mainFrame() ? page.url() : location.frame.url(),
      kind,
      fields: fields.slice(0, 60),
      blockers,
      detail: unpassable.includes('captcha')
        ? 'The form is protected by a CAPTCHA, which the automation does not solve.'
        : null,
    };
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<DiscoveryResult>((resolve) => {
      timer = setTimeout(() => {
        stopped = true;
        resolve(
          none('unreachable', `The visit took longer than ${Math.round(timeouts.totalMs / 1000)} s and was abandoned.`),
        );
      }, timeouts.totalMs);
    });
    return await Promise.race([
      work().catch((e: unknown): DiscoveryResult => {
        if (e instanceof StoppedError) return none('unreachable', 'Stopped before the visit ended.');
        const c = classifyThrown(e);
        const blocker = e instanceof ApplyFailure ? BLOCKED_CODES[c.code] : undefined;
        if (blocker) return none('blocked', c.message, [blocker]);
        if (c.code === 'no_form') return none('no_form', c.message);
        return none('unreachable', c.message);
      }),
      timeout,
    ]);
  } finally {
    if (timer) clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
    await Promise.race([context.close().catch(() => undefined), new Promise((r) => setTimeout(r, 3000))]);
  }
}
