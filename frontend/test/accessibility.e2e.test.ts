/**
 * Accessibility audit: axe-core (WCAG 2.0/2.1 A and AA rules) on every screen of
 * the built app in real Chromium, light and dark, at 1280 and 375 px. A serious or critical
 * violation fails the screen's test and is printed as rule, impact, help and the offending nodes.
 * Data is seeded once (catalog, a founder's profile, applications, a pipeline card, a deck and its
 * link, an admin); one signed-in browser context per role is shared by all screens.
 *
 * What an audit costs is axe itself, so nothing else is repeated per audit (100 audits: 25 screens, two
 * themes, two widths; one test per screen and theme). A role's page loads the app once per theme (the theme
 * is read from localStorage at load) and reaches the next screen as a link does (the router's own navigate);
 * the second width is the same screen resized (the layout follows the width live: CSS breakpoints and the
 * sidebar's media listeners, which reset to that width's defaults). Compared screen by screen with fresh
 * loads, the audited DOM was the same but for the data. Fresh loads remain for the first screen after a theme
 * change, the public deck viewer (a document of its own), a screen on the address where another screen
 * opened something, and each width of the submission's details (what it opens depends on the width).
 * axe-core goes into a document once, not twice per audit.
 *
 * Run: npx turbo run build --filter=@fp/frontend && npx vitest run --project e2e frontend/test/accessibility.e2e.test.ts
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLE_COMPLETE_PROFILE } from '@fp/contracts/testing';
import {
  axeViolations,
  DIST_INDEX,
  type E2eTestApp,
  releaseChromium,
  sharedChromium,
  SHOTS,
  signInThroughScreen,
  TEST_APP_MODULE,
  screenshot,
  WCAG_TAGS,
} from './support';

type TestApp = E2eTestApp & {
  ctx: { projections: { waitFor(checkpoint?: unknown, timeoutMs?: number): Promise<void> } };
  services: E2eTestApp['services'] & {
    catalog: { seed(o: object, meta: { now: Date; actor: string }): Promise<{ checkpoint: unknown }> };
  };
  createUser(o?: {
    email?: string;
    password?: string;
    name?: string;
    admin?: boolean;
  }): Promise<{ id: string; email: string; token: string }>;
};

const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const THEMES = ['light', 'dark'] as const;
const WIDTHS = [1280, 375] as const;
const FIRMS = ['test_vc_northwind-ventures', 'test_vc_orbit-fund'];
/** Axe's impacts that fail the audit. */
const FAILING = new Set(['serious', 'critical']);
const SHOT_DIR = path.join(SHOTS, 'a11y');

let app: TestApp;
let browser: Browser;
const contexts: Record<'founder' | 'admin' | 'visitor', BrowserContext | undefined> = {
  founder: undefined,
  admin: undefined,
  visitor: undefined,
};
const pages: Partial<Record<keyof typeof contexts, Page>> = {};
let deckUrl = '';

/** A 2-page deck printed by Chromium. */
async function printDeck(): Promise<Buffer> {
  const p = await (await browser.newContext()).newPage();
  await p.setContent(
    '<style>@page{margin:0}section{height:580px;font:40px sans-serif;padding:40px;break-after:page}</style><section><h1>Lumen</h1></section><section><h1>Ask</h1></section>',
  );
  const pdf = await p.pdf({ width: '800px', height: '600px', printBackground: true });
  await p.context().close();
  return pdf;
}

async function newContext(): Promise<BrowserContext> {
  // Reduced motion: axe reads colours mid-animation otherwise (a fading dialog has no contrast yet).
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    userAgent: DESKTOP_UA,
    reducedMotion: 'reduce',
  });
  return context;
}

beforeAll(async () => {
  if (!existsSync(DIST_INDEX))
    throw new Error('frontend/dist is missing: run `npx turbo run build --filter=@fp/frontend` first');
  mkdirSync(SHOT_DIR, { recursive: true });
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as {
    startTestApp(o?: unknown): Promise<TestApp>;
  };
  app = await startTestApp();
  browser = await sharedChromium();

  const seeded = await app.services.catalog.seed({ vc: 30, angels: 30, seed: 24 }, { now: new Date(), actor: 'e2e' });
  await app.ctx.projections.waitFor(seeded.checkpoint, 60_000);
  const founder = await app.createUser({ name: 'Ada Lovelace' });
  expect(
    (await app.api('PATCH', '/api/startup-profile', { token: founder.token, body: SAMPLE_COMPLETE_PROFILE })).status,
  ).toBe(200);
  await app.services.credits.grant(founder.id, 10, 'e2e credits', null, { now: new Date(), actor: 'test' });
  expect(
    (await app.api('POST', '/api/submit-to-test-vcs', { token: founder.token, body: { testVcIds: FIRMS } })).status,
  ).toBe(200);
  expect(
    (
      await app.api('POST', '/api/pipeline', {
        token: founder.token,
        body: { investorId: 'test_vc_harbor-vc', investorKind: 'vc', stage: 'Meeting' },
      })
    ).status,
  ).toBe(201);
  const up = await fetch(`${app.url}/api/pitch-deck?name=lumen-seed.pdf`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${founder.token}`, 'content-type': 'application/pdf' },
    body: new Uint8Array(await printDeck()),
  });
  expect(up.status).toBe(200);
  const link = await app.api<{ url: string }>('POST', '/api/deck-links', {
    token: founder.token,
    body: { requireEmail: true },
  });
  expect(link.status).toBe(201);
  deckUrl = new URL(link.body.url).pathname;
  const admin = await app.createUser({ name: 'Olive Operator', admin: true });
  await app.ctx.projections.waitFor();

  // The two applications' runs at rest (one sent, one paused for the founder's answers), so the dashboard,
  // Submissions and the ops screens show the same state whenever they are reached; awaited after the sign-ins.
  const atRest = vi.waitFor(
    async () => {
      const r = await app.api<{ submissions: { status: string; submissionStatus?: string | null }[] }>(
        'GET',
        '/api/submissions',
        { token: founder.token },
      );
      const running = (s: { status: string; submissionStatus?: string | null }) =>
        s.status === 'pending' || (s.status === 'processing' && !s.submissionStatus?.startsWith('waiting_for_'));
      expect(r.body.submissions.map((s) => (running(s) ? 'running' : 'at rest'))).toEqual(FIRMS.map(() => 'at rest'));
    },
    { timeout: 120_000, interval: 250 },
  );
  atRest.catch(() => undefined); // awaited below; a sign-in failing first must not leave it unhandled

  contexts.founder = await newContext();
  contexts.admin = await newContext();
  contexts.visitor = await newContext();
  for (const [role, context] of Object.entries(contexts) as [keyof typeof contexts, BrowserContext][]) {
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`[pageerror ${role}]`, e.message));
    pages[role] = page;
  }
  await signInThroughScreen(pages.founder!, app.url, founder.email);
  await signInThroughScreen(pages.admin!, app.url, admin.email);
  await atRest;
}, 240_000);

afterAll(async () => {
  for (const c of Object.values(contexts)) await c?.close();
  await releaseChromium(browser);
  await app?.close();
});

interface Screen {
  name: string;
  role: keyof typeof contexts;
  path: string | (() => string);
  /** Waits until the screen shows its content (not a loading state), and opens what the audit must see. */
  ready(page: Page): Promise<unknown>;
  /**
   * `ready` clicks (opens a dialog, a tab, a form), so it starts from the screen as loaded; resized, what it
   * opened stays open. 'per-width': what it opens depends on the width (the table's button at 1280 px, the
   * card's at 375), so each width opens it afresh after a fresh load.
   */
  opens?: 'once' | 'per-width';
  /** Not the app's document (the deck viewer's own entry, viewer.html): reached by loading it. */
  ownDocument?: true;
}

/** At 375 px a screen renders cards and hides its table (or the reverse): the one a person sees. */
const visible = (l: Locator) => l.filter({ visible: true }).first();
const heading = (name: string | RegExp) => (page: Page) =>
  page
    .getByRole('heading', { name, exact: typeof name === 'string' ? true : undefined })
    .first()
    .waitFor();

const SCREENS: Screen[] = [
  { name: 'sign-in', role: 'visitor', path: '/', ready: heading('Sign in to FundFlow') },
  {
    name: 'sign-up',
    role: 'visitor',
    path: '/',
    opens: 'once',
    ready: async (page) => {
      await heading('Sign in to FundFlow')(page);
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();
      await page.getByLabel('Name').waitFor();
    },
  },
  {
    name: 'dashboard',
    role: 'founder',
    path: '/',
    // The completion bar counts up to its value (2 points per 20 ms, in script) and turns green at 100 %.
    ready: async (page) => {
      await heading('Dashboard')(page);
      await page
        .getByTestId('profile-card-percentage')
        .filter({ hasText: /^100%$/ })
        .waitFor();
    },
  },
  {
    name: 'profile',
    role: 'founder',
    path: '/profile',
    ready: async (page) => {
      await heading('Settings')(page);
      await page
        .getByLabel(/Company Name/)
        .first()
        .waitFor();
    },
  },
  // /settings is the same page as /profile (features/profile/routes.ts: one component): audited once, as 'profile' above.
  {
    name: 'vc-database',
    role: 'founder',
    path: '/vc-database',
    ready: async (page) => {
      await heading(/VC Database/)(page);
      await visible(page.getByRole('checkbox', { name: /^Select / })).waitFor();
    },
  },
  {
    name: 'angels',
    role: 'founder',
    path: '/investors',
    // The list, not its loading line (a spinner with role=status, no placeholder): reached client-side, the
    // heading shows before the angels do.
    ready: async (page) => {
      await heading(/Angel/)(page);
      await visible(page.getByRole('checkbox', { name: /^Select / })).waitFor();
    },
  },
  {
    name: 'test-vcs',
    role: 'founder',
    path: '/test-vc-database',
    ready: async (page) => {
      await heading(/Test VC/)(page);
      await visible(page.getByRole('checkbox', { name: /^Select / })).waitFor();
    },
  },
  {
    name: 'submissions',
    role: 'founder',
    path: '/submissions',
    ready: async (page) => {
      await heading('Submissions')(page);
      await visible(page.getByText('Northwind Ventures')).waitFor();
    },
  },
  {
    name: 'submissions-details',
    role: 'founder',
    path: '/submissions',
    opens: 'per-width',
    ready: async (page) => {
      await heading('Submissions')(page);
      await visible(page.getByRole('button', { name: /Details of the application to|View Details/ })).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'pipeline-board',
    role: 'founder',
    path: '/pipeline',
    ready: async (page) => {
      await heading('Pipeline')(page);
      await page.getByTestId('pipeline-card').first().waitFor();
    },
  },
  {
    name: 'pipeline-table',
    role: 'founder',
    path: '/pipeline',
    opens: 'once',
    ready: async (page) => {
      await heading('Pipeline')(page);
      await page.getByRole('tab', { name: 'Table' }).click();
      await visible(page.getByTestId('pipeline-table').or(page.getByTestId('pipeline-card'))).waitFor();
    },
  },
  { name: 'credits', role: 'founder', path: '/credits', ready: heading('Credit History') },
  { name: 'pricing', role: 'founder', path: '/pricing', ready: heading('Credits & Plans') },
  { name: 'deck', role: 'founder', path: '/deck', ready: heading('Deck') },
  {
    name: 'deck-viewer',
    role: 'visitor',
    path: () => deckUrl,
    ownDocument: true,
    ready: heading('View the pitch deck'),
  },
  { name: 'not-found', role: 'founder', path: '/no-such-page', ready: heading('404 Page Not Found') },
  {
    name: 'security',
    role: 'founder',
    path: '/security-dashboard',
    ready: (page) => page.locator('main h1').first().waitFor(),
  },
  { name: 'ops', role: 'admin', path: '/ops', ready: heading('Operations') },
  {
    name: 'ops-users',
    role: 'admin',
    path: '/ops/users',
    ready: async (page) => {
      await heading('Users')(page);
      await visible(page.getByText(/@example\.com/)).waitFor();
    },
  },
  {
    name: 'ops-workflows',
    role: 'admin',
    path: '/ops/workflows',
    ready: (page) => page.locator('main h1').first().waitFor(),
  },
  { name: 'ops-ledger', role: 'admin', path: '/ops/ledger', ready: heading('Ledger') },
  { name: 'ops-forms', role: 'admin', path: '/ops/forms', ready: (page) => page.locator('main h1').first().waitFor() },
  { name: 'ops-system', role: 'admin', path: '/ops/system', ready: heading('System') },
  {
    name: 'ops-security',
    role: 'admin',
    path: '/security-dashboard',
    ready: (page) => page.locator('main h1').first().waitFor(),
  },
  { name: 'mailbox', role: 'admin', path: '/mailbox', ready: heading('Mailbox') },
];

interface Found {
  screen: string;
  theme: string;
  width: number;
  id: string;
  impact: string;
  help: string;
  url: string;
  nodes: { target: string; summary: string }[];
}

/** One violation as lines a person can act on. */
function describeFound(f: Found): string {
  const nodes = f.nodes
    .slice(0, 6)
    .map((n) => `      ${n.target}\n        ${n.summary.replace(/\n\s*/g, ' | ')}`)
    .join('\n');
  const more = f.nodes.length > 6 ? `\n      … and ${f.nodes.length - 6} more` : '';
  return `  [${f.impact}] ${f.id} on ${f.screen} (${f.theme}, ${f.width}px): ${f.help}\n    ${f.url}\n${nodes}${more}`;
}

type Theme = (typeof THEMES)[number];

/**
 * Each role's page: the theme it loaded the app with (none: load afresh), and whether a screen's `ready`
 * opened something on it since it last loaded or changed address.
 */
const shown: Record<keyof typeof contexts, { theme?: Theme; opened: boolean }> = {
  founder: { opened: false },
  admin: { opened: false },
  visitor: { opened: false },
};

/**
 * Brings the role's page to the screen at this width and theme, ready for the audit. `first`: the screen's
 * first width (the second is the same screen resized, or for `opens: 'per-width'` a fresh visit).
 */
async function show(screen: Screen, theme: Theme, width: number, first: boolean): Promise<Page> {
  const page = pages[screen.role]!;
  const state = shown[screen.role];
  const target = typeof screen.path === 'function' ? screen.path() : screen.path;
  const here = page.url().startsWith(app.url) ? new URL(page.url()) : null;
  const inApp = here !== null && (await page.evaluate(() => '__TSR_ROUTER__' in window));
  let visit: 'load' | 'navigate' | 'stay' | 'resize';
  if (state.theme !== theme || (first && (screen.ownDocument || !inApp))) visit = 'load';
  else if (!first) visit = screen.opens === 'per-width' ? 'load' : 'resize';
  else if (here?.pathname !== target) visit = 'navigate';
  // The same address: as loaded unless a screen opened something there, which only a fresh load undoes.
  else visit = state.opened ? 'load' : 'stay';

  if (page.viewportSize()?.width !== width) await page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
  if (visit === 'load') {
    if (state.theme !== theme) {
      state.theme = undefined;
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      // The theme is the app's setting (localStorage); set before the screen loads.
      if (!here) await page.goto(`${app.url}/`);
      await page.evaluate((t) => localStorage.setItem('fundflow-theme', t), theme);
    }
    await page.goto(`${app.url}${target}`);
    state.theme = theme;
  } else if (visit === 'navigate') {
    // Client-side, as a link click does: the router's own navigate, which resolves once the route loaded.
    await page.evaluate(
      (to) =>
        (
          window as unknown as { __TSR_ROUTER__: { navigate(o: { href: string }): Promise<void> } }
        ).__TSR_ROUTER__.navigate({ href: to }),
      target,
    );
  }
  if (visit === 'load' || visit === 'navigate') state.opened = false;
  // Resized, an opened screen stays open (its `ready` would click again); the rest wait for their content again.
  if (visit !== 'resize' || !screen.opens) await screen.ready(page);
  if (screen.opens) state.opened = true;
  // Loading placeholders gone, and every finite animation or transition finished (reduced motion makes them
  // 1 ms), so the audit sees the screen itself, in its final colours.
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.animate-pulse').length === 0 &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout: 20_000, polling: 'raf' },
  );
  return page;
}

async function audit(screen: Screen, theme: Theme, width: number, first: boolean): Promise<Found[]> {
  const shot = path.join(SHOT_DIR, `${screen.name}-${theme}-${width}.png`);
  let page: Page;
  try {
    page = await show(screen, theme, width, first);
  } catch (e) {
    // Whatever state the page was left in, the next screen starts from a fresh load.
    shown[screen.role].theme = undefined;
    await screenshot(pages[screen.role]!, { path: shot.replace('.png', '-not-ready.png') });
    throw e;
  }
  await screenshot(page, { path: shot });
  const violations = await axeViolations(page, { tags: [...WCAG_TAGS, 'best-practice'] });
  return violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .map((v) => ({
      screen: screen.name,
      theme,
      width,
      id: v.id,
      impact: v.impact!,
      help: v.help,
      url: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary ?? '' })),
    }));
}

// Theme outermost: a role's page loads the app once per theme and then moves from screen to screen.
for (const theme of THEMES) {
  describe(`accessibility audit (axe, ${theme} theme, 1280 and 375 px)`, () => {
    for (const screen of SCREENS) {
      it(`${screen.name} (${theme}): no serious or critical violation`, { timeout: 120_000 }, async () => {
        const found: Found[] = [];
        // Both widths, the page's current one first (one resize per screen, not two).
        const current = pages[screen.role]!.viewportSize()?.width;
        const widths = [...WIDTHS].sort((a, b) => Number(b === current) - Number(a === current));
        for (const [i, width] of widths.entries()) found.push(...(await audit(screen, theme, width, i === 0)));
        if (found.length)
          console.error(
            `axe: ${found.length} serious/critical violation(s) on ${screen.name}\n${found.map(describeFound).join('\n')}`,
          );
        expect(
          found.map((f) => `${f.id} (${f.theme}, ${f.width}px): ${f.nodes.map((n) => n.target).join(', ')}`),
        ).toEqual([]);
      });
    }
  });
}
