/**
 * Applications end to end, in real Chromium against the built app, the real backend, the DBOS
 * workflow engine and the sandbox firm sites: complete the profile (API), select test firms and
 * submit, watch the statuses move on Submissions, open the live view (CDP screencast frames), stop
 * one, retry a failed one, and see the proof in the details. Saves screenshots (1280 and 375 px,
 * dark and light) to frontend/screenshots/ with E2E_SHOTS=1.
 *
 * Run: npm run build && npx vitest run --project e2e frontend/test/submissions.e2e.test.ts
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_COMPLETE_PROFILE } from '@fp/contracts/testing';
import {
  confirmSpend,
  DIST_INDEX,
  releaseChromium,
  sharedChromium,
  SHOTS,
  TEST_APP_MODULE,
  screenshot,
} from './support';

interface TestApp {
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
      spendAll(userId: string, input: unknown, meta: { now: Date; actor: string }): Promise<unknown>;
    };
  };
  createUser(): Promise<{ id: string; email: string; token: string }>;
  api<T = any>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown },
  ): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

const PASSWORD = 'correct horse battery';

const PROFILE = SAMPLE_COMPLETE_PROFILE;

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let user: { id: string; email: string; token: string };
let livePage: Page | undefined;

beforeAll(async () => {
  if (!existsSync(DIST_INDEX)) throw new Error('frontend/dist is missing: run `npm run build` first');
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as {
    startTestApp(o?: unknown): Promise<TestApp>;
  };
  // One browser at a time, so later firms wait in the queue long enough to be stopped there.
  app = await startTestApp({ config: { workerConcurrency: 1 } });
  browser = await sharedChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  page.on('console', (m) => m.type() === 'error' && console.error('[console]', m.text()));
  user = await app.createUser();
  expect((await app.api('PATCH', '/api/startup-profile', { token: user.token, body: PROFILE })).status).toBe(200);
  await app.services.credits.grant(user.id, 10, 'e2e credits', null, { now: new Date(), actor: 'test' });
});

afterAll(async () => {
  await context?.close();
  await releaseChromium(browser);
  await app?.close();
});

const row = (firm: string): Locator => page.getByTestId('submission-row').filter({ hasText: firm });
const statusOf = async (firm: string) => (await row(firm).getByTestId('status-badge').innerText()).trim();

/** The list refreshes every 15 s; waits up to `timeoutMs` for a firm's row to reach one of the statuses. */
async function waitForRowStatus(firm: string, statuses: string[], timeoutMs = 90_000) {
  await expect
    .poll(() => statusOf(firm).catch(() => ''), { timeout: timeoutMs, interval: 500 })
    .toSatisfy((s: string) => statuses.includes(s));
}

async function signIn() {
  await page.goto(`${app.url}/`);
  await page.getByRole('heading', { name: 'Sign in to FundFlow' }).waitFor();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

describe('applications (e2e)', () => {
  it('submits to selected test firms and watches them move on Submissions', async () => {
    await signIn();
    await page.goto(`${app.url}/submissions`);
    await page.getByRole('heading', { name: 'Submissions', exact: true }).waitFor();
    await page.getByText('No submissions yet').waitFor();
    await expect.poll(() => page.getByTestId('success-rate').innerText()).toContain('— success rate');

    await page.goto(`${app.url}/test-vc-database`);
    // The test firms span two pages; each is found by name (the selection is kept across searches).
    const search = page.getByPlaceholder('Search firms, press Enter');
    // The slow firm first, on its own: with one browser at a time it keeps the worker busy for a
    // few seconds, so the three after it are still queued while the next tests look at them (sent
    // together, the engine may start any of them first, and on a quiet machine they finish at once).
    const submitFirms = async (firms: string[]) => {
      for (const firm of firms) {
        await search.fill(firm);
        await search.press('Enter');
        await page.getByLabel(`Select ${firm}`).check();
      }
      await page
        .getByRole('button', { name: `Submit to ${firms.length} Test VC${firms.length === 1 ? '' : 's'}` })
        .click();
      await confirmSpend(page);
      const done = page.getByRole('status').filter({ hasText: 'Test Applications Submitted' });
      await done.waitFor();
      await done
        .getByRole('button', { name: 'Close notification' })
        .click()
        .catch(() => undefined);
    };
    await submitFirms(['Tortoise Capital']);
    await expect
      .poll(
        async () => (await app.api('GET', '/api/submissions', { token: user.token })).body.submissions?.[0]?.status,
        { timeout: 30_000 },
      )
      .toBe('processing');
    await submitFirms(['Northwind Ventures', 'Sentinel Capital', 'Orbit Fund']);

    // The same firm again: the plan says before anything is sent that it is skipped (under way, or
    // applied by now) and that nothing is charged; there is nothing to confirm.
    await search.fill('Tortoise Capital');
    await search.press('Enter');
    await page.getByLabel('Select Tortoise Capital').check();
    await page.getByRole('button', { name: 'Submit to 1 Test VC' }).click();
    const nothing = page.getByRole('dialog', { name: 'Nothing to send: 0 credits' });
    await nothing.waitFor({ timeout: 30_000 });
    expect(await nothing.innerText()).toMatch(/Tortoise Capital[\s\S]*already (under way|applied)/i);
    await nothing.getByRole('button', { name: 'Choose Other Firms' }).click();
    await nothing.waitFor({ state: 'detached' });
    expect((await app.api('GET', '/api/submissions', { token: user.token })).body.total).toBe(4);

    await page.goto(`${app.url}/submissions`);
    // The list arrives after the screen's code and its request: bounded, not vitest's 1 s default.
    await expect.poll(() => row('Tortoise Capital').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('stat-total').innerText(), { timeout: 15_000 }).toContain('4');
    expect(['Pending', 'Processing']).toContain(await statusOf('Orbit Fund'));
    await expect.poll(() => page.getByTestId('tab-count-processing').innerText()).not.toBe('0');
  });

  it('stops a queued application', async () => {
    await waitForRowStatus('Orbit Fund', ['Pending', 'Processing']);
    await row('Orbit Fund').getByRole('button', { name: 'Stop' }).click();
    await waitForRowStatus('Orbit Fund', ['Stopped'], 20_000);
    expect(await row('Orbit Fund').getByRole('button', { name: 'Stop' }).count()).toBe(0);
  });

  it('opens the live view of the running application in a new tab', async () => {
    // The running row offers the live-URL fetch until the browser is up, then Watch Live.
    await expect
      .poll(
        async () => {
          // The list refreshes every 15 s; a founder who wants to watch reloads.
          await page.reload();
          const r = row('Tortoise Capital');
          await r.waitFor();
          if (await r.getByRole('button', { name: 'Watch Live' }).count()) return 'live';
          const fetchButton = r.getByRole('button', { name: 'Find Live View' });
          if (await fetchButton.count()) {
            await fetchButton.click();
            await page
              .getByRole('status')
              .filter({ hasText: /Live URL (Found|Not Available)/ })
              .waitFor();
          }
          return 'waiting';
        },
        { timeout: 45_000, interval: 500 },
      )
      .toBe('live');
    const [live] = await Promise.all([
      context.waitForEvent('page'),
      row('Tortoise Capital').getByRole('button', { name: 'Watch Live' }).click(),
    ]);
    await live.waitForLoadState();
    expect(live.url()).toMatch(/\/live\/[^/?]+\?token=/);
    await live.getByRole('heading', { name: /Live view · Tortoise Capital/ }).waitFor();
    // CDP screencast frames arrive as JPEG data URLs; once the run ends the final screenshot replaces them.
    await expect
      .poll(() => live.locator('#screen').getAttribute('src'), { timeout: 30_000 })
      .toMatch(/^(data:image\/jpeg;base64,|\/live\/)/);
    mkdirSync(SHOTS, { recursive: true });
    await screenshot(live, { path: path.join(SHOTS, 'submissions-live-view-1280-dark.png') });
    livePage = live;
  });

  it('shows the final screenshot in the live view once the run has ended', async () => {
    const live = livePage!;
    await expect
      .poll(() => live.locator('#status-text').innerText(), { timeout: 90_000 })
      .toMatch(/^(completed|failed|stopped)$/i);
    await live.locator('#outcome').waitFor();
    await expect
      .poll(() =>
        live
          .locator('#screen')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.src.includes('/screenshot')),
      )
      .toBe(true);
    await screenshot(live, { path: path.join(SHOTS, 'submissions-live-view-ended-1280-dark.png') });
    await live.close();
  });

  it('retries a failed application', async () => {
    await waitForRowStatus('Sentinel Capital', ['Failed']);
    await expect.poll(() => row('Sentinel Capital').innerText()).toMatch(/CAPTCHA/i);
    // Without credits the server refuses the retry, and the screen says why (no question: there is nothing to spend).
    const balance = Number((await app.api('GET', '/api/credits/balance', { token: user.token })).body.balance);
    if (balance > 0)
      await app.services.credits.spendAll(
        user.id,
        {
          spendKind: 'angel_export',
          insufficientMessage: 'x',
          items: Array.from({ length: balance }, (_, i) => ({
            reference: `e2e-drain-${i}`,
            amount: 1,
            reason: 'Angel investor export',
          })),
        },
        { now: new Date(), actor: user.id },
      );
    await row('Sentinel Capital').getByRole('button', { name: 'Retry' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Retry Failed' })
      .filter({ hasText: 'Insufficient Credits' })
      .waitFor();
    expect(await statusOf('Sentinel Capital')).toBe('Failed');
    // The toast sits over the lower rows, and a pointer resting on it pauses its timer: close it as a user would.
    await page
      .getByRole('alert')
      .filter({ hasText: 'Retry Failed' })
      .getByRole('button', { name: 'Close notification' })
      .click();
    await page.getByRole('alert').filter({ hasText: 'Retry Failed' }).waitFor({ state: 'detached' });
    await app.services.credits.grant(user.id, 5, 'e2e credits', null, { now: new Date(), actor: 'test' });
    // The button says its cost, and the retry is asked first with the server's balance.
    expect(await row('Sentinel Capital').getByRole('button', { name: 'Retry' }).innerText()).toContain(
      'Retry · 1 credit',
    );
    const retried = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/api\/submissions\/[^/]+\/retry$/.test(new URL(r.url()).pathname),
    );
    await row('Sentinel Capital').getByRole('button', { name: 'Retry' }).click();
    expect(await confirmSpend(page)).toBe('Spend 1 of your 5 credits?');
    // The server takes it as attempt 2. The CAPTCHA ends that attempt at once too, so the row may be Failed again
    // before any refresh shows it queued: wait for attempt 2's end, on the server and then on the screen.
    const answer = await retried;
    expect(answer.status()).toBe(200);
    const { submission } = (await answer.json()) as { submission: { id: string; attempt: number } };
    expect(submission.attempt).toBe(2);
    await expect
      .poll(
        async () => {
          const list = await app.api('GET', '/api/submissions', { token: user.token });
          const s = list.body.submissions.find((x: { id: string }) => x.id === submission.id);
          return s ? `attempt ${s.attempt} ${s.status}` : 'missing';
        },
        { timeout: 90_000, interval: 250 },
      )
      .toBe('attempt 2 failed');
    await waitForRowStatus('Sentinel Capital', ['Failed']);
    await row('Sentinel Capital').getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Attempt 2').waitFor();
    await dialog.getByText('Credit refunded').waitFor();
    await dialog.getByTestId('error-details').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
  });

  it('shows the proof of a completed application in its details', async () => {
    await waitForRowStatus('Northwind Ventures', ['Completed']);
    await row('Northwind Ventures').getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Northwind Ventures' }).waitFor();
    for (const section of ['Live View', 'Summary', 'Proof', 'Firm Info'])
      await dialog.getByRole('heading', { name: section }).waitFor();
    // No language model is configured: the rule-based analysis is part of the summary, never labelled AI.
    expect(await dialog.getByRole('heading', { name: 'AI Analysis' }).count()).toBe(0);
    expect(await dialog.getByText(/AI Analysis/i).count()).toBe(0);
    expect(await dialog.getByTestId('completed-at').innerText()).not.toBe('—');
    await expect
      .poll(() =>
        dialog
          .getByRole('img', { name: /Final screen of the application to Northwind Ventures/ })
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBeGreaterThan(100);
    expect(await dialog.getByTestId('proof').innerText()).toMatch(/thank/i);
    await screenshot(page, { path: path.join(SHOTS, 'submissions-details-1280-dark.png') });
    await page.keyboard.press('Escape');
    // The Completed card agrees with the server once the page refreshes (how many of the other
    // firms completed depends on timing under load, so the server's count is the reference).
    await page.reload();
    const stats = (await app.api('GET', '/api/submission-stats', { token: user.token })).body;
    expect(stats.completed).toBeGreaterThanOrEqual(1);
    await expect
      .poll(() => page.getByTestId('stat-completed').innerText(), { timeout: 15_000 })
      .toContain(String(stats.completed));
    // Honest figures: the stopped Orbit Fund is counted apart, and the rate is completed
    // out of finished (completed + failed), never out of all applications.
    expect(stats.stopped).toBeGreaterThanOrEqual(1);
    expect(stats.successRate).toBe(Math.round((stats.completed / (stats.completed + stats.failed)) * 100));
    await expect
      .poll(() => page.getByTestId('stat-stopped').innerText(), { timeout: 15_000 })
      .toContain(String(stats.stopped));
    await expect
      .poll(() => page.getByTestId('success-rate').innerText(), { timeout: 15_000 })
      .toContain(`${stats.successRate}% success rate`);
  });

  it('saves screenshots at 1280 and 375 px, dark and light', async () => {
    await waitForRowStatus('Tortoise Capital', ['Completed', 'Failed']);
    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate((v) => localStorage.setItem('fundflow-theme', v), theme);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await page.goto(`${app.url}/submissions`);
        await page
          .getByTestId(width === 375 ? 'submissions-cards' : 'submissions-table')
          .getByText('Northwind Ventures')
          .waitFor();
        if (width === 375) {
          expect(await page.getByTestId('tab-processing').innerText()).toMatch(/^Active/);
          expect(await page.getByTestId('tab-completed').innerText()).toMatch(/^Done/);
        }
        await screenshot(page, { path: path.join(SHOTS, `submissions-${width}-${theme}.png`), fullPage: true });
        const details = page
          .getByTestId(width === 375 ? 'submission-card' : 'submission-row')
          .filter({ hasText: 'Northwind Ventures' })
          .getByRole('button', { name: 'View Details' });
        await details.click();
        await page.getByRole('dialog').getByTestId('proof').waitFor();
        await screenshot(page, { path: path.join(SHOTS, `submissions-details-${width}-${theme}.png`) });
        await page.keyboard.press('Escape');
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
