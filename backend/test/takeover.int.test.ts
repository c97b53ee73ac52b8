import { submissionStream, type Submission } from '@fp/contracts';
import { launchBrowser } from '@fp/workflows';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signViewToken } from '../src/modules/submissions/tokens';
import { startTestApp, type TestApp } from '../src/testing/app';
import { awaitMail } from './support/mailbox';
import { ATLAS_PORTAL_PASSWORD } from '@fp/workflows/sandbox';
import { checkboxCentre, control as controlAt, issuedCode, portalFields, WARDEN } from './takeover-helpers';
import {
  COMPLETE_PROFILE,
  founder,
  getSubmission,
  testFirmId,
  TERMINAL,
  waitForStatus,
  waitUntil,
} from './submissions-helpers';

/**
 * Taking over the live browser: the sandbox's warden-ventures shows a CAPTCHA a
 * person solves (tick "I am human", type the code shown). The run pauses with its browser open
 * ("Needs you in the live view"); these tests play the founder through the live view's input
 * channel, as the live page does (HTTP with the live view's token): click, type, Enter, Continue.
 * Also: another founder gets 404 on every control; Stop while waiting; nobody takes over → failed
 * and refunded, nothing sent. Real Postgres, real Chromium, the workflow engine.
 */

const SITE = WARDEN;

const received = (app: TestApp) => app.runtime.sandbox!.received(SITE);

/** One application to a sandbox firm, as the founder's submit makes it: its submission id. */
async function submitTo(app: TestApp, token: string, slug: string): Promise<string> {
  const r = await app.api('POST', '/api/submit-to-test-vcs', { token, body: { testVcIds: [testFirmId(slug)] } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.submissionIds).toHaveLength(1);
  return r.body.submissionIds[0];
}
const submitWarden = (app: TestApp, token: string) => submitTo(app, token, SITE);

const waitForTakeover = (app: TestApp, token: string, id: string) =>
  waitUntil(
    `submission ${id} to wait for a takeover`,
    async () => {
      const s = await getSubmission(app, token, id);
      if (TERMINAL.includes(s.status)) throw new Error(`ended ${s.status} instead of waiting: ${s.summary} ${s.error}`);
      return s.submissionStatus === 'waiting_for_takeover' && s.liveUrl ? s : null;
    },
    120_000,
    200,
  );

const control = (app: TestApp, liveUrl: string, action: 'input' | 'continue' | 'stop', body: unknown = {}) =>
  controlAt(app.url, liveUrl, action, body);

describe('taking over the live browser', () => {
  let app: TestApp;
  let browser: Browser;
  let box: { x: number; y: number };

  beforeAll(async () => {
    app = await startTestApp({ config: { takeoverSeconds: 300, workerConcurrency: 1 } });
    browser = await launchBrowser();
    // Measured before any run: the page load issues a challenge of its own, which must not be the newest.
    box = await checkboxCentre(browser, app.runtime.sandbox!.url);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('pauses at the CAPTCHA with the browser open; the founder solves it through the input channel and Continue; the application is sent with their data', async () => {
    const u = await founder(app, 2);
    const other = await founder(app, 1);
    const id = await submitWarden(app, u.token);
    const paused = await waitForTakeover(app, u.token, id);
    expect(paused).toMatchObject({
      status: 'processing',
      submissionStatus: 'waiting_for_takeover',
      takeover: { reason: 'captcha' },
    });
    expect(new Date(paused.takeover!.deadline).getTime()).toBeGreaterThan(Date.now());
    expect(received(app)).toEqual([]);
    // The founder is told by e-mail: the browser waits only minutes.
    const mail = await awaitMail(app, u.email, /Needs you in the live view: Warden Ventures/);
    expect(mail.text).toContain('CAPTCHA');
    expect(mail.text).toContain('Nothing has been sent');

    // Another founder: nothing to see, nothing to control (404), with no token, a forged one or a token for themselves.
    const forged = `/live/${id}?token=${signViewToken(app.ctx.config.authSecret, id, other.id, new Date())}`;
    for (const url of [forged, `/live/${id}`, `/live/${id}?token=garbage`]) {
      for (const action of ['input', 'continue', 'stop'] as const) {
        const r = await control(app, url, action, action === 'input' ? { type: 'type', text: 'x' } : {});
        expect(r, `${action} ${url}`).toMatchObject({ status: 404, body: { error: 'Submission not found' } });
      }
    }
    expect((await app.api('GET', `/api/submissions/${id}`, { token: other.token })).status).toBe(404);
    // Bad input is a 400, never a 500.
    expect((await control(app, paused.liveUrl!, 'input', { type: 'click', x: -5 })).status).toBe(400);
    expect((await control(app, paused.liveUrl!, 'input', { type: 'key', key: 'F13' })).status).toBe(400);

    // The founder: click "I am human" on the frame (sent at half the viewport's size: the server scales it back), type the code, Enter.
    let r = await control(app, paused.liveUrl!, 'input', {
      type: 'click',
      x: box.x / 2,
      y: box.y / 2,
      frameWidth: 640,
      frameHeight: 450,
    });
    expect(r, JSON.stringify(r.body)).toMatchObject({ status: 200, body: { success: true } });
    const code = await issuedCode(app.runtime.sandbox!.url);
    // A wrong code first: the challenge stays, so Continue finds it again and keeps waiting.
    r = await control(app, paused.liveUrl!, 'input', { type: 'type', text: 'WRONG' });
    expect(r.status).toBe(200);
    r = await control(app, paused.liveUrl!, 'input', { type: 'key', key: 'Enter' });
    expect(r.status).toBe(200);
    r = await control(app, paused.liveUrl!, 'continue');
    expect(r, JSON.stringify(r.body)).toMatchObject({ status: 200, body: { success: true } });
    const again = await waitUntil(
      'the run to ask again',
      async () => {
        const s = await getSubmission(app, u.token, id);
        return s.submissionStatus === 'waiting_for_takeover' && s.takeovers.length === 1 ? s : null;
      },
      60_000,
      200,
    );
    expect(again.takeovers[0]).toMatchObject({ how: 'continued', reason: 'captcha', by: u.id });
    expect(received(app)).toEqual([]);

    for (let i = 0; i < 5; i++) await control(app, again.liveUrl!, 'input', { type: 'key', key: 'Backspace' });
    r = await control(app, again.liveUrl!, 'input', { type: 'type', text: code });
    expect(r.status).toBe(200);
    r = await control(app, again.liveUrl!, 'input', { type: 'key', key: 'Enter' });
    expect(r.status).toBe(200);
    r = await control(app, again.liveUrl!, 'continue');
    expect(r.status).toBe(200);

    const done = await waitForStatus(app, u.token, id, TERMINAL, 120_000);
    expect(done.status, `${done.summary} ${done.error}`).toBe('completed');
    expect(done.creditRefunded).toBe(false);
    expect(done.takeover).toBeNull();
    expect(done.takeovers.map((t) => t.how)).toEqual(['continued', 'continued']);
    for (const t of done.takeovers) {
      expect(t.by).toBe(u.id);
      expect(t.durationMs).toBeGreaterThan(0);
      expect(new Date(t.endedAt).getTime()).toBeGreaterThanOrEqual(new Date(t.startedAt!).getTime());
    }
    const got = received(app);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      accepted: true,
      fields: {
        name: expect.stringContaining('Ada'),
        email: COMPLETE_PROFILE.founderEmail,
        company: COMPLETE_PROFILE.companyName,
        human_check: 'passed',
      },
    });

    // Recorded as events: requested (why), started (who), handed back, ended (how, who, when, how long).
    const { events } = await app.ctx.store.readStream(submissionStream(id));
    const types = events.map((e) => e.type).filter((t) => t.startsWith('SubmissionTakeover'));
    expect(types).toEqual([
      'SubmissionTakeoverRequested',
      'SubmissionTakeoverStarted',
      'SubmissionTakeoverHandedBack',
      'SubmissionTakeoverEnded',
      'SubmissionTakeoverRequested',
      'SubmissionTakeoverStarted',
      'SubmissionTakeoverHandedBack',
      'SubmissionTakeoverEnded',
    ]);
    expect(events.find((e) => e.type === 'SubmissionTakeoverStarted')!.data).toMatchObject({ by: u.id });
    // Not paused any more: the controls answer 409.
    expect((await control(app, again.liveUrl!, 'continue')).status).toBe(409);
  }, 300_000);

  it('Stop while waiting ends the run stopped and refunded; nothing sent', async () => {
    const before = received(app).length;
    const u = await founder(app, 1);
    const id = await submitWarden(app, u.token);
    const paused = await waitForTakeover(app, u.token, id);
    const r = await control(app, paused.liveUrl!, 'stop');
    expect(r.status).toBe(200);
    const done = await waitForStatus(app, u.token, id, TERMINAL);
    expect(done.status).toBe('stopped');
    await waitUntil('the refund', async () => (await getSubmission(app, u.token, id)).creditRefunded);
    await waitUntil('the credit back', async () => (await app.services.credits.balance(u.id)) === 1);
    expect((await getSubmission(app, u.token, id)).takeovers).toEqual([
      expect.objectContaining({ how: 'stopped', by: null }),
    ]);
    expect(received(app).length).toBe(before);
  }, 180_000);

  it('pauses at a sign-in wall; the founder signs in through the input channel and Continue; the portal form is sent', async () => {
    const u = await founder(app, 1);
    const fields = await portalFields(browser, app.runtime.sandbox!.url);
    const before = app.runtime.sandbox!.received('atlas-ventures').length;
    const id = await submitTo(app, u.token, 'atlas-ventures');
    const paused = await waitForTakeover(app, u.token, id);
    expect(paused.takeover).toMatchObject({ reason: 'login_required' });
    // The founder, on the live view: their e-mail, their password, Enter; then Continue.
    for (const step of [
      { type: 'click', ...fields.email, frameWidth: 1280, frameHeight: 900 },
      { type: 'type', text: 'ada@portal.example' },
      { type: 'click', ...fields.password, frameWidth: 1280, frameHeight: 900 },
      { type: 'type', text: ATLAS_PORTAL_PASSWORD },
      { type: 'key', key: 'Enter' },
    ])
      expect((await control(app, paused.liveUrl!, 'input', step)).status).toBe(200);
    await waitUntil('the portal sign-in', async () =>
      app.runtime
        .sandbox!.received('atlas-ventures')
        .slice(before)
        .some((x) => x.fields.portal === 'sign-in' && x.accepted),
    );
    expect((await control(app, paused.liveUrl!, 'continue')).status).toBe(200);
    const done = await waitForStatus(app, u.token, id, TERMINAL, 120_000);
    expect(done.status, `${done.summary} ${done.error}`).toBe('completed');
    const got = app.runtime.sandbox!.received('atlas-ventures').slice(before);
    // One sign-in (the founder's, typed by them) and one application (the automation's, with the profile).
    expect(got.map((x) => x.fields.portal)).toEqual(['sign-in', 'application']);
    expect(got[1]).toMatchObject({
      accepted: true,
      fields: { email: COMPLETE_PROFILE.founderEmail, company: COMPLETE_PROFILE.companyName },
    });
    expect(done.takeovers).toEqual([expect.objectContaining({ how: 'continued', reason: 'login_required', by: u.id })]);
  }, 240_000);

  it('pauses at a sign-in wall too ("Needs you in the live view", login_required), with nothing typed into it', async () => {
    const u = await founder(app, 1);
    const before = app.runtime.sandbox!.received('atlas-ventures').length;
    const id = await submitTo(app, u.token, 'atlas-ventures');
    const paused = await waitForTakeover(app, u.token, id);
    expect(paused.takeover).toMatchObject({ reason: 'login_required' });
    // The automation signs in for nobody: the portal got no attempt, and the founder's e-mail says why.
    expect(app.runtime.sandbox!.received('atlas-ventures').slice(before)).toEqual([]);
    const mail = await awaitMail(app, u.email, /Needs you in the live view: Atlas Ventures/);
    expect(mail.text).toContain('asks you to sign in');
    expect((await control(app, paused.liveUrl!, 'stop')).status).toBe(200);
    expect((await waitForStatus(app, u.token, id, TERMINAL)).status).toBe('stopped');
  }, 180_000);
});

describe('taking over: nobody comes', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { takeoverSeconds: 2, workerConcurrency: 1 } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('after TAKEOVER_SECONDS the run ends failed as before (CAPTCHA), refunded, nothing sent', async () => {
    const u = await founder(app, 1);
    const r = await app.api('POST', '/api/submit-to-test-vcs', {
      token: u.token,
      body: { testVcIds: [testFirmId(SITE)] },
    });
    const id = r.body.submissionIds[0] as string;
    const done: Submission = await waitForStatus(app, u.token, id, TERMINAL, 120_000);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/CAPTCHA/);
    await waitUntil('the refund', async () => (await getSubmission(app, u.token, id)).creditRefunded);
    await waitUntil('the credit back', async () => (await app.services.credits.balance(u.id)) === 1);
    const { events } = await app.ctx.store.readStream(submissionStream(id));
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'SubmissionTakeoverRequested',
        'SubmissionTakeoverEnded',
        'SubmissionFailed',
        'SubmissionCreditRefunded',
      ]),
    );
    expect(events.find((e) => e.type === 'SubmissionTakeoverEnded')!.data).toMatchObject({
      how: 'expired',
      by: null,
      startedAt: null,
    });
    expect(app.runtime.sandbox!.received(SITE)).toEqual([]);
  }, 180_000);
});
