// Finds the application form like a person would: look at the landing page, wait for scripted forms, then
// follow the most promising links (apply / pitch / contact / about) a few hops deep.
import type { Frame, Page } from 'playwright-core';
import { ApplyFailure } from './errors';
import { assessGroups, buttonsFor, type GroupAssessment } from './form-model';
import { scanAllFrames, type ScannedFrame } from './frames';
import { clickElement, sleep } from './page-actions';
import { classifyButton, scoreLink } from './page-heuristics';
import type { RunContext } from './run-context';
import { overcomeOrFail } from './takeover';
import type { FieldTarget } from './types';

export interface FormLocation {
  frame: Frame;
  group: string;
  /** The form sits behind a visible CAPTCHA widget. */
  captcha: boolean;
}

const MAX_DEPTH = 3;
const APPLY_PATH = /apply|pitch|submit|application|founder|form/i;

interface Candidate {
  url: string;
  score: number;
  depth: number;
}

interface Inspection {
  form: FormLocation | null;
  /** The found form asks startup questions (deck, stage, raise...), not just name/e-mail/message. */
  applicationLike: boolean;
  links: { text: string; href: string }[];
  mailtos: string[];
  login: boolean;
  captcha: boolean;
  /** An apply-like button without a link (client-side routing), to click. */
  applyButton: { frame: Frame; id: string } | null;
}

function normUrl(u: string): string {
  try {
    const url = new URL(u);
    if (!url.hash.startsWith('#/') && !url.hash.startsWith('#!/')) url.hash = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    return u;
  }
}

function siteOf(u: string): string {
  try {
    return new URL(u).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

function sameSite(a: string, b: string): boolean {
  const x = siteOf(a);
  const y = siteOf(b);
  return x === y || x.endsWith(`.${y}`) || y.endsWith(`.${x}`);
}

async function gotoPage(ctx: RunContext, url: string, first: boolean): Promise<boolean> {
  ctx.checkStopped();
  let status = 0;
  try {
    const resp = await ctx.page.goto(url, { waitUntil: 'domcontentloaded', timeout: ctx.timeouts.navigationMs });
    status = resp?.status() ?? 0;
  } catch (e) {
    if (first) {
      const msg = String((e as Error).message).split('\n')[0];
      if (/ERR_BLOCKED_BY_CLIENT/.test(msg))
        throw new ApplyFailure('unsafe_url', `The website redirected to an address that is not allowed (${url})`);
      throw new ApplyFailure(
        (e as Error).name === 'TimeoutError' ? 'timeout' : 'navigation',
        `Could not load ${url}: ${msg}`,
        'transient',
      );
    }
    ctx.log(`skip ${url}: ${(e as Error).message.split('\n')[0]}`);
    return false;
  }
  if (status >= 400) {
    if (!first) return false;
    const transient = status >= 500 || status === 429 || status === 408;
    throw new ApplyFailure(
      'http_error',
      `The website answered HTTP ${status} for ${url}`,
      transient ? 'transient' : 'permanent',
    );
  }
  await ctx.page
    .waitForLoadState('load', { timeout: Math.min(5000, ctx.timeouts.navigationMs) })
    .catch(() => undefined);
  return true;
}

const APPLICATION_TARGETS: readonly FieldTarget[] = [
  'pitchDeck',
  'stage',
  'raising',
  'existingFunding',
  'problem',
  'solution',
  'valueProposition',
  'oneLineExplanation',
  'detailedDescription',
  'industry',
  'teamSize',
  'revenue',
  'founded',
  'founderLinkedin',
];

function bestForm(
  scans: ScannedFrame[],
  applyContext: boolean,
): { form: FormLocation | null; login: boolean; applicationLike: boolean } {
  let best: { s: ScannedFrame; g: GroupAssessment } | null = null;
  let login = false;
  for (const s of scans) {
    for (const g of assessGroups(s.scan)) {
      if (g.login) login = true;
      if (!best || g.score > best.g.score) best = { s, g };
    }
  }
  const captcha = scans.some((s) => s.scan.captcha);
  const applicationLike = !!best && APPLICATION_TARGETS.some((t) => best.g.targets.has(t));
  if (best && best.g.strong)
    return { form: { frame: best.s.frame, group: best.g.group, captcha }, login, applicationLike };
  if (applyContext) {
    // On a page reached through an "apply" link, accept a one-question screen or a "Start" screen (Typeform style).
    if (
      best &&
      best.g.score >= 1 &&
      !best.g.login &&
      buttonsFor(best.s.scan, best.g.group).some((b) => b.role === 'next' || b.role === 'submit')
    )
      return { form: { frame: best.s.frame, group: best.g.group, captcha }, login, applicationLike: true };
    for (const s of scans) {
      const start = s.scan.buttons.find((b) => classifyButton(b.text, b.type) === 'start');
      if (start && !s.scan.controls.some((c) => c.visible && c.inputType === 'password'))
        return { form: { frame: s.frame, group: start.group, captcha }, login, applicationLike: true };
    }
  }
  return { form: null, login, applicationLike: false };
}

async function inspect(ctx: RunContext, applyContext: boolean): Promise<Inspection> {
  const started = Date.now();
  for (;;) {
    ctx.checkStopped();
    const scans = await scanAllFrames(ctx.page);
    const { form, login, applicationLike } = bestForm(scans, applyContext);
    const captcha = scans.some((s) => s.scan.captcha);
    const links = scans.flatMap((s) => s.scan.links);
    const mailtos = scans.flatMap((s) => s.scan.mailtos);
    if (form) return { form, applicationLike, links, mailtos, login, captcha, applyButton: null };
    const main = scans.find((s) => s.frame === ctx.page.mainFrame()) ?? scans[0];
    let applyButton: Inspection['applyButton'] = null;
    for (const s of scans) {
      // Score the text alone (no href); buttons inside a <form> submit that form and are never navigation.
      const b = s.scan.buttons.find(
        (x) => !x.href && x.group === 'page' && x.type !== 'submit' && scoreLink(x.text, 'https://x.invalid/') >= 10,
      );
      if (b) {
        applyButton = { frame: s.frame, id: b.id };
        break;
      }
    }
    const strongLink = links.some((l) => scoreLink(l.text, l.href) >= 10);
    const loading = main ? main.scan.looksLoading : true;
    // Scripted pages get the full wait; static pages with a clear way forward none.
    const budget = strongLink || applyButton ? 0 : loading ? ctx.timeouts.formWaitMs : 1000;
    if (Date.now() - started >= budget)
      return { form: null, applicationLike: false, links, mailtos, login, captcha, applyButton };
    await sleep(250);
  }
}

/** Returns where the application form is, or throws an ApplyFailure saying honestly why there is none. */
export async function findApplicationForm(ctx: RunContext, startUrl: string): Promise<FormLocation> {
  const page: Page = ctx.page;
  const queue: Candidate[] = [{ url: startUrl, score: 100, depth: 0 }];
  const visited = new Set<string>();
  const mailtos = new Set<string>();
  let login = false;
  let captcha = false;
  let pages = 0;
  // A generic contact form seen on the way, used only if the "Apply" link leads nowhere better.
  let fallback: string | null = null;

  while (queue.length && pages < ctx.maxPages) {
    queue.sort((a, b) => b.score - a.score || a.depth - b.depth);
    const next = queue.shift() as Candidate;
    const key = normUrl(next.url);
    if (visited.has(key)) continue;
    visited.add(key);
    pages++;
    ctx.step(pages === 1 ? 'navigating' : 'finding form');
    ctx.log(`visit ${next.url} (score ${next.score}, depth ${next.depth})`);
    if (!(await gotoPage(ctx, next.url, pages === 1))) continue;
    visited.add(normUrl(page.url()));
    ctx.step('finding form');

    const applyContext = (next.depth > 0 && next.score >= 9) || APPLY_PATH.test(new URL(page.url()).pathname);
    let found = await inspect(ctx, applyContext);
    // Client-side apps route with buttons, not links: press "Apply" and look again.
    for (let clicks = 0; !found.form && found.applyButton && clicks < 2; clicks++) {
      ctx.log(`click apply button ${found.applyButton.id}`);
      ctx.checkStopped();
      await clickElement(found.applyButton.frame, found.applyButton.id, ctx.timeouts.actionMs);
      await page.waitForLoadState('domcontentloaded', { timeout: ctx.timeouts.navigationMs }).catch(() => undefined);
      await sleep(200);
      found = await inspect(ctx, true);
    }
    if (found.form) {
      const here = normUrl(page.url());
      const elsewhere = found.links.filter(
        (l) =>
          scoreLink(l.text, l.href) >= 10 &&
          sameSite(l.href, page.url()) &&
          !visited.has(normUrl(l.href)) &&
          normUrl(l.href) !== here,
      );
      if (found.applicationLike || fallback !== null || elsewhere.length === 0) {
        ctx.log(`form found in ${found.form.frame.url()} group ${found.form.group}`);
        return found.form;
      }
      // A contact form next to an "Apply" link: a person would use the dedicated application first.
      ctx.log(`contact-style form on ${page.url()}; trying the apply link first`);
      fallback = page.url();
      for (const l of elsewhere)
        queue.push({ url: l.href, score: scoreLink(l.text, l.href) + 5, depth: next.depth + 1 });
      continue;
    }
    found.mailtos.forEach((m) => mailtos.add(m));
    login ||= found.login;
    captcha ||= found.captcha;

    const base = page.url();
    for (const l of found.links) {
      const s = scoreLink(l.text, l.href);
      if (s <= 0 || next.depth + 1 > MAX_DEPTH) continue;
      if (!sameSite(l.href, base) && s < 10) continue;
      const k = normUrl(l.href);
      if (visited.has(k)) continue;
      const score = s - next.depth;
      const queued = queue.find((q) => normUrl(q.url) === k);
      if (queued) queued.score = Math.max(queued.score, score);
      else queue.push({ url: l.href, score, depth: next.depth + 1 });
    }
    // A login wall behind the only apply link: nothing else worth crawling.
    if (login && !queue.some((q) => q.score >= 9)) break;
  }

  if (fallback) {
    ctx.log(`back to the contact form on ${fallback}`);
    if (await gotoPage(ctx, fallback, false)) {
      const again = await inspect(ctx, false);
      if (again.form) return again.form;
    }
  }
  if (captcha || login) {
    const failure = captcha
      ? new ApplyFailure(
          'captcha',
          'The application page is protected by a CAPTCHA, which the automation does not solve.',
        )
      : new ApplyFailure(
          'login_required',
          "Applying requires signing in to an account on the firm's portal; there is no public application form.",
        );
    // A person in the live view may get past it (solve it, sign in); then look at the page they left.
    for (;;) {
      await overcomeOrFail(ctx, failure);
      const after = await inspect(ctx, true);
      if (after.form) return after.form;
    }
  }
  if (mailtos.size)
    throw new ApplyFailure(
      'email_only',
      `No application form found; the firm only lists an e-mail address for pitches (${[...mailtos].slice(0, 3).join(', ')}).`,
    );
  throw new ApplyFailure(
    'no_form',
    `No application form found on the website (checked ${pages} page${pages === 1 ? '' : 's'}).`,
  );
}
