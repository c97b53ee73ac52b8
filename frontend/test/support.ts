import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The built frontend the e2e tests serve (npm test builds it first), and where they write screenshots. */
export const DIST_INDEX = path.join(here, '..', 'dist', 'index.html');
export const SHOTS = path.join(here, '..', 'screenshots');

/** Whether this run writes screenshots: `E2E_SHOTS=1 npx vitest run --project e2e <file>` to look at the screens. */
const SHOTS_WANTED = process.env.E2E_SHOTS === '1';

/**
 * Writes a screenshot when the run asks for them (`SHOTS_WANTED`): every run would otherwise pay for
 * images nobody opens. Transitions and entry animations are finished first (`animations: 'disabled'`),
 * so no test sleeps for them.
 */
export async function screenshot(
  target: { screenshot(options: import('playwright-core').PageScreenshotOptions): Promise<Buffer> },
  options: import('playwright-core').PageScreenshotOptions & { path: string },
): Promise<void> {
  if (!SHOTS_WANTED) return;
  await target.screenshot({ animations: 'disabled', ...options });
}

/**
 * The backend's test app (real app, real Postgres), loaded by path at run time so that
 * `tsc -p frontend` does not type-check the backend's sources; each e2e file types what it uses.
 */
export const TEST_APP_MODULE = path.join(here, '..', '..', 'backend', 'src', 'testing', 'app.ts');

/** Debian's Chromium as root on a machine with no outside network. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The e2e files' Chromium: one per worker process, shared by the files it runs when they share its
 * modules (isolate: false), else one per file. A file makes its own contexts and hands the browser
 * back with releaseChromium, which closes them, and the browser too when files do not share it.
 */
let shared: Promise<import('playwright-core').Browser> | null = null;
const sharing = () => process.env.E2E_SHARED_CHROMIUM === '1';
export function sharedChromium(): Promise<import('playwright-core').Browser> {
  const launch = async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    browser.on('disconnected', () => (shared = null));
    return browser;
  };
  shared ??= launch().catch((e: unknown) => {
    shared = null;
    throw e;
  });
  return shared;
}
export async function releaseChromium(browser: import('playwright-core').Browser | undefined): Promise<void> {
  if (!browser) return;
  await Promise.all(browser.contexts().map((c) => c.close().catch(() => undefined)));
  if (sharing()) return;
  shared = null;
  await browser.close();
}

/** WCAG 2.0 and 2.1, A and AA: the rules every axe audit of a screen runs. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
export interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}
let axeSource: string | undefined;
const AXE_CONFIGURE = `;axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`;

/**
 * axe on the page as @axe-core/playwright runs it in legacy mode (axe.run in the page itself; the default
 * finishes every audit in a new blank page, which cost most of an audit's time here; what legacy mode gives
 * up, frames of another origin, no screen shows): the same axe-core (that package's own dependency), the
 * same context and options. axe-core goes into a document once (AxeBuilder evaluated its 1.3 MB source twice
 * per audit). Every rule of `tags` runs on every node; only the violations are read, so axe describes every
 * node of those and one of each other outcome (its passes were a third of a run's time). `exclude`: CSS
 * selectors of parts of the page left out.
 */
export async function axeViolations(
  page: import('playwright-core').Page,
  opts: { tags: string[]; exclude?: string[] },
): Promise<AxeViolation[]> {
  axeSource ??= (
    createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { source: string }
  ).source;
  // Into every frame, as AxeBuilder's inject does (a frame that refuses it is left out, as there).
  for (const frame of page.frames()) {
    try {
      if (await frame.evaluate(() => !('axe' in window))) await frame.evaluate(axeSource + AXE_CONFIGURE);
    } catch {
      // A detached frame, or one that runs no script (a sandboxed preview).
    }
  }
  const context = { include: [], exclude: (opts.exclude ?? []).map((selector) => [selector]) };
  const options = { runOnly: { type: 'tag', values: opts.tags }, resultTypes: ['violations'] };
  return page.evaluate(
    async ({ context, options }) =>
      (
        await (
          window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: AxeViolation[] }> } }
        ).axe.run(context, options)
      ).violations,
    { context, options },
  );
}

/** What the e2e tests use of the backend's test app (typed here so `tsc -p frontend` stays frontend-only). */
export interface E2eTestApp {
  url: string;
  services: {
    credits: {
      grant(
        userId: string,
        amount: number,
        reason: string,
        reference: string | null,
        meta: { now: Date; actor: string },
      ): Promise<unknown>;
    };
  };
  runtime: { sandbox?: { received(slug: string): { fields: Record<string, string> }[] } };
  createUser(): Promise<{ id: string; email: string; token: string }>;
  api<T = any>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown },
  ): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

/**
 * A screen at 1280 and 375 px in dark and light on one signed-in page (a new context per combination
 * cost a sign-in each). For each theme × width: sets the viewport (375 px is `phoneHeight` tall, 1280 px
 * 900) and the stored theme ('fundflow-theme', which index.html applies to <html> before the first paint),
 * runs `load`, which loads the screen with page.goto (a fresh load per combination) and waits for and
 * checks what it shows, then checks that <html> has that theme's class. The page is left at its viewport
 * and stored theme from before (applied on its next load). A context's init script that sets a theme must
 * leave a stored one alone (themeUnlessStored).
 */
export async function atEachWidthAndTheme(
  page: import('playwright-core').Page,
  load: (width: number, theme: 'dark' | 'light') => Promise<unknown>,
  opts: { phoneHeight?: number } = {},
): Promise<void> {
  const viewport = page.viewportSize();
  const stored = await page.evaluate(() => localStorage.getItem('fundflow-theme'));
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => localStorage.setItem('fundflow-theme', t), theme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? (opts.phoneHeight ?? 812) : 900 });
      await load(width, theme);
      const shown = await page.evaluate(() => document.documentElement.className);
      if (!shown.split(/\s+/).includes(theme))
        throw new Error(`${page.url()} at ${width} px: <html class="${shown}">, expected ${theme}`);
    }
  }
  await page.evaluate((t) => {
    if (t === null) localStorage.removeItem('fundflow-theme');
    else localStorage.setItem('fundflow-theme', t);
  }, stored);
  if (viewport) await page.setViewportSize(viewport);
}

/**
 * A new context's pages load in `theme` unless one is stored: atEachWidthAndTheme stores one for each of
 * its loads, and an init script that always wrote it would win over those.
 */
export async function themeUnlessStored(
  context: import('playwright-core').BrowserContext,
  theme: 'dark' | 'light' = 'dark',
): Promise<void> {
  await context.addInitScript((t) => {
    if (localStorage.getItem('fundflow-theme') === null) localStorage.setItem('fundflow-theme', t);
  }, theme);
}

/** Signs in through the sign-in screen, as a founder would, and waits for the dashboard. */
export async function signInThroughScreen(
  page: import('playwright-core').Page,
  appUrl: string,
  email: string,
  password = 'correct horse battery',
) {
  await page.goto(`${appUrl}/`);
  await page.getByRole('heading', { name: 'Sign in to FundFlow' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/**
 * Ask before spending: answers "Spend N of your M credits?" with Spend and waits for the
 * question to close; returns its title. Use right after clicking a button that spends.
 */
export async function confirmSpend(page: import('playwright-core').Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: /^Spend [\d,]+ of your [\d,]+ credits?\?$/ });
  await dialog.waitFor({ timeout: 30_000 });
  const title = (await dialog.getByRole('heading').first().innerText()).trim();
  await dialog.getByRole('button', { name: /^Spend / }).click();
  await dialog.waitFor({ state: 'detached' });
  return title;
}

/**
 * Settings → Applications: lets the automation accept a form's terms for this founder, and answers yes to
 * the sandbox firms' one required statement. The product's default is off (a required agreement is
 * asked); tests whose sandbox firms have a required agreement and that expect the run to complete on
 * its own turn it on, as a founder would.
 */
export async function allowTermsAcceptance(app: Pick<E2eTestApp, 'api'>, token: string): Promise<void> {
  const r = await app.api('PUT', '/api/settings/choices', { token, body: { acceptTerms: true } });
  if (r.status !== 200) throw new Error(`choices: ${r.status} ${JSON.stringify(r.body)}`);
  // The terms setting covers terms and privacy notices only: a required statement of fact (orbit-fund's
  // "the information above is accurate") is ticked from the founder's own yes, as after answering it once.
  const a = await app.api('POST', '/api/answers', {
    token,
    body: { question: 'I confirm that the information above is accurate', answer: 'Yes' },
  });
  if (a.status !== 201) throw new Error(`answers: ${a.status} ${JSON.stringify(a.body)}`);
}
