/**
 * Answers the founder approves, end to end in real Chromium against the built app: the answer
 * library in Settings (prefilled from the profile, an answer added), a run to a firm whose form asks
 * "Why now?" pausing as "Needs your answers" (banner, row, details), a language model's draft shown
 * as a draft, the founder answering in the submissions screen, and the run completing with exactly
 * those answers at the firm. Screenshots at 1280 and 375 px to frontend/screenshots/ with E2E_SHOTS=1.
 *
 * Run: npm run build && npx vitest run --project e2e frontend/test/answers.e2e.test.ts
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_COMPLETE_PROFILE } from '@fp/contracts/testing';
import { DIST_INDEX, releaseChromium, sharedChromium, SHOTS, TEST_APP_MODULE, screenshot } from './support';

interface TestApp {
  url: string;
  runtime: { sandbox: { received(slug: string): { fields: Record<string, string> }[] } | null };
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
  createUser(): Promise<{ id: string; email: string; token: string }>;
  api<T = any>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown },
  ): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

const PASSWORD = 'correct horse battery';
const DRAFT = 'Draft from the model: finance teams are switching tools this year.';

let app: TestApp;
let model: FastifyInstance;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let user: { id: string; email: string; token: string };
let submissionId: string;

beforeAll(async () => {
  if (!existsSync(DIST_INDEX)) throw new Error('frontend/dist is missing: run `npm run build` first');
  // A stand-in for an OpenAI-compatible endpoint (LLM_URL): it drafts, the founder decides.
  model = Fastify();
  model.post('/v1/chat/completions', async (req) => {
    const body = req.body as { messages: { content: string }[] };
    const drafting = body.messages[0]!.content.includes('You draft an answer');
    const asked = drafting ? (JSON.parse(body.messages[1]!.content) as { options: string[] | null }) : null;
    return {
      choices: [
        {
          message: {
            content: !drafting
              ? 'The application was sent and confirmed by the firm.'
              : asked?.options
                ? asked.options[1]
                : DRAFT,
          },
        },
      ],
    };
  });
  await model.listen({ port: 0, host: '127.0.0.1' });
  const llmUrl = `http://127.0.0.1:${(model.server.address() as { port: number }).port}/v1`;
  const { startTestApp } = (await import(/* @vite-ignore */ TEST_APP_MODULE)) as {
    startTestApp(o?: unknown): Promise<TestApp>;
  };
  app = await startTestApp({ config: { llmUrl } });
  browser = await sharedChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  user = await app.createUser();
  expect(
    (await app.api('PATCH', '/api/startup-profile', { token: user.token, body: SAMPLE_COMPLETE_PROFILE })).status,
  ).toBe(200);
  await app.services.credits.grant(user.id, 3, 'e2e credits', null, { now: new Date(), actor: 'test' });
});

afterAll(async () => {
  await context?.close();
  await releaseChromium(browser);
  await app?.close();
  await model?.close();
});

async function shoot(name: string, opts: { fullPage?: boolean } = {}) {
  await screenshot(page, { path: path.join(SHOTS, name), fullPage: opts.fullPage });
}

describe('answers the founder approves, in the browser', () => {
  it('signs in and keeps an answer library in Settings, prefilled from the profile', async () => {
    await page.goto(`${app.url}/`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await page.goto(`${app.url}/settings`);
    const library = page.getByTestId('answer-library');
    await library.getByText('What problem are you solving?').waitFor();
    await expect.poll(() => library.getByText('From your profile').count()).toBeGreaterThan(2);
    await library.getByRole('button', { name: 'Add an answer' }).click();
    await library.getByLabel('Question').fill('What makes your team the right one?');
    await library.getByLabel('Your answer').fill('We ran warehouse operations for ten years before building robots.');
    await library.getByRole('button', { name: 'Save answer' }).click();
    await library.getByText('What makes your team the right one?').waitFor();
    const saved = (await app.api('GET', '/api/answers', { token: user.token })).body.answers as {
      question: string;
      source: string;
    }[];
    expect(saved).toContainEqual(
      expect.objectContaining({ question: 'What makes your team the right one?', source: 'saved' }),
    );
    await library.scrollIntoViewIfNeeded();
    await screenshot(library, { path: path.join(SHOTS, 'answers-library-1280.png') });
    await page.setViewportSize({ width: 375, height: 812 });
    await library.scrollIntoViewIfNeeded();
    await screenshot(library, { path: path.join(SHOTS, 'answers-library-375.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('shows a paused run as "Needs your answers" (banner, row, details) with the draft marked, and nothing is sent', async () => {
    const r = await app.api('POST', '/api/submit-to-test-vcs', {
      token: user.token,
      body: { testVcIds: ['test_vc_bramble-ventures'] },
    });
    expect(r.status).toBe(200);
    submissionId = r.body.submissionIds[0];
    await expect
      .poll(
        async () =>
          (await app.api('GET', `/api/submissions/${submissionId}`, { token: user.token })).body.submissionStatus,
        { timeout: 120_000, interval: 500 },
      )
      .toBe('waiting_for_input');

    await page.goto(`${app.url}/submissions`);
    const row = page.getByTestId('submission-row').filter({ hasText: 'Bramble Ventures' });
    await expect
      .poll(() => row.getByTestId('status-badge').innerText(), { timeout: 20_000 })
      .toContain('Needs your answers');
    await page.getByText('Needs your answers', { exact: true }).first().waitFor();
    // One banner with the count and a way in, not a toast.
    const banner = page.getByTestId('waiting-runs-banner');
    await expect
      .poll(() => banner.getByTestId('waiting-runs-count').innerText(), { timeout: 20_000 })
      .toContain('1 application waits for you');
    await banner.getByRole('link', { name: 'Answer now' }).waitFor();
    expect(app.runtime.sandbox!.received('bramble-ventures')).toHaveLength(0);
    await shoot('answers-paused-row-1280.png');

    await row.getByRole('button', { name: 'Details of the application to Bramble Ventures' }).click();
    await page.getByRole('dialog').getByTestId('needs-answers').waitFor();
    await shoot('answers-paused-details-1280.png');
    await page
      .getByRole('dialog')
      .getByTestId('needs-answers')
      .getByRole('button', { name: 'Answer questions' })
      .click();

    const dialog = page.getByRole('dialog', { name: /Needs your answers: Bramble Ventures/ });
    await dialog.getByLabel('Why now?').waitFor();
    await expect.poll(() => dialog.getByTestId('draft').count()).toBe(2);
    await expect.poll(() => dialog.getByText('AI draft — needs your approval').count()).toBe(2);
    expect(await dialog.getByLabel('Why now?').inputValue()).toBe('');
    await shoot('answers-dialog-1280.png');
    await page.setViewportSize({ width: 375, height: 812 });
    await shoot('answers-dialog-375.png');
    await page.keyboard.press('Escape');
    await page.getByTestId('submission-card').filter({ hasText: 'Bramble Ventures' }).waitFor();
    await shoot('answers-paused-cards-375.png', { fullPage: true });
    // The light theme too.
    await page.evaluate(() => localStorage.setItem('fundflow-theme', 'light'));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await row.getByRole('button', { name: 'Answer questions' }).click();
    await dialog.getByLabel('Why now?').waitFor();
    await shoot('answers-dialog-1280-light.png');
    await page.keyboard.press('Escape');
    await page.evaluate(() => localStorage.setItem('fundflow-theme', 'dark'));
    await page.reload();
    // Still nothing at the firm: a draft is not an answer.
    expect(app.runtime.sandbox!.received('bramble-ventures')).toHaveLength(0);
  });

  it('the founder answers one question, approves the draft of the other, and the run completes with exactly those answers', async () => {
    const row = page.getByTestId('submission-row').filter({ hasText: 'Bramble Ventures' });
    await row.getByRole('button', { name: 'Answer questions' }).click();
    const dialog = page.getByRole('dialog', { name: /Needs your answers: Bramble Ventures/ });
    const whyNow = 'Warehouse labour costs doubled in two years; robots now pay back in months.';
    await dialog.getByLabel('Why now?').fill(whyNow);
    // Sending with a required question empty is refused on the page.
    await dialog.getByRole('button', { name: 'Send answers and continue' }).click();
    await dialog.getByText('Answer every required question').waitFor();
    await dialog
      .getByTestId('pending-question')
      .filter({ hasText: 'Which track' })
      .getByRole('button', { name: 'Use this draft' })
      .click();
    expect(await dialog.getByLabel('Which track are you applying for?').inputValue()).toBe('Direct investment');
    await dialog.getByRole('button', { name: 'Send answers and continue' }).click();
    await page.getByText('Answers saved').waitFor();
    // Fresh at once, without a reload: the row takes the server's answer, the banner goes;
    // the list's own refresh is 15 s away, so a stale row would still say "Needs your answers" here.
    await expect
      .poll(() => row.getByTestId('status-badge').innerText(), { timeout: 8_000 })
      .not.toContain('Needs your answers');
    expect(await row.getByRole('button', { name: 'Answer questions' }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('waiting-runs-banner').count(), { timeout: 8_000 }).toBe(0);

    await expect
      .poll(async () => (await app.api('GET', `/api/submissions/${submissionId}`, { token: user.token })).body.status, {
        timeout: 120_000,
        interval: 500,
      })
      .toBe('completed');
    await page.reload();
    await expect.poll(() => row.getByTestId('status-badge').innerText(), { timeout: 20_000 }).toContain('Completed');
    const got = app.runtime.sandbox!.received('bramble-ventures');
    expect(got).toHaveLength(1);
    expect(got[0]!.fields).toMatchObject({ why_now: whyNow, track: 'Direct investment' });
    expect(Object.values(got[0]!.fields).join(' ')).not.toContain(DRAFT);
    await shoot('answers-completed-1280.png');
  });
});
