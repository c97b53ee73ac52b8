import {
  DECK_CODE_EXPIRED,
  DECK_CODE_REQUIRED,
  DECK_CODE_TOO_MANY_SENT,
  DECK_CODE_TRIES,
  DECK_CODE_USED,
  DECK_CODE_USED_UP,
  DECK_CODE_WRONG,
  type DeckNotificationsResponse,
} from '@fp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';
import { deckPdf } from './support/deck-pdf';

/**
 * Verified viewers: a link that verifies e-mails opens only after the viewer typed the one-time code
 * mailed to them (real mail outbox), and the server refuses the deck's bytes and cover to any visit
 * that did not; the analytics mark the verified e-mail. Alert modes: a link's first visit, every
 * visit, or one digest e-mail per day. Real Postgres.
 */
let app: TestApp;
let founder: { id: string; email: string; token: string };

async function uploadDeck(token: string) {
  const res = await fetch(`${app.url}/api/pitch-deck?name=lumen.pdf`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
    body: new Uint8Array(deckPdf(3, 'Lumen Grid seed deck')),
  });
  expect(res.status).toBe(200);
}
async function link(token: string, body: Record<string, unknown>) {
  const r = await app.api('POST', '/api/deck-links', { token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { id: r.body.id as string, t: (r.body.url as string).split('/d/')[1]! };
}
const settle = () => app.ctx.projections.waitFor(undefined, 10_000);
const sendCode = (t: string, email: string) => app.api('POST', `/api/d/${t}/codes`, { body: { email } });
const startVisit = (t: string, body: Record<string, unknown>) => app.api('POST', `/api/d/${t}/visits`, { body });
/** The newest code mailed to this address, read from the embedded mailbox. */
async function codeFor(email: string): Promise<string> {
  await settle();
  const [newest] = (await app.services.mail.list({ to: email })).filter((m) => m.template === 'deck-viewer-code');
  expect(newest, `a code mailed to ${email}`).toBeDefined();
  const text = (await app.services.mail.get(newest!.id))!.text;
  return /Your code: (\d{6})/.exec(text)![1]!;
}
/** Runs `fn` with the app's clock `ms` ahead. */
async function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const real = app.ctx.clock.now;
  app.ctx.clock.now = () => new Date(Date.now() + ms);
  try {
    return await fn();
  } finally {
    app.ctx.clock.now = real;
  }
}

beforeAll(async () => {
  app = await startTestApp();
  founder = await app.createUser();
  await app.api('PATCH', '/api/startup-profile', { token: founder.token, body: { companyName: 'Lumen Grid' } });
  await uploadDeck(founder.token);
}, 120_000);
afterAll(async () => app?.close());

describe('verified viewers', () => {
  it('opens the deck only with the code mailed to the viewer, once; the analytics say verified', async () => {
    const l = await link(founder.token, { verifyEmail: true, requireEmail: false });
    const info = await app.api('GET', `/api/d/${l.t}`);
    expect(info.body).toMatchObject({ verifyEmail: true, requireEmail: true });

    // No code: no visit, so nothing to fetch the bytes or the cover with.
    const bare = await startVisit(l.t, { email: 'ann@fund.example' });
    expect(bare).toMatchObject({ status: 401, body: { error: DECK_CODE_REQUIRED } });
    expect((await sendCode(l.t, 'not-an-email')).body).toEqual({ error: 'Please enter a valid email address' });
    expect((await sendCode(l.t, 'not-an-email')).status).toBe(400);

    const sent = await sendCode(l.t, 'Ann@Fund.example');
    expect(sent).toMatchObject({ status: 202, body: { sent: true, expiresInMinutes: 10 } });
    const code = await codeFor('ann@fund.example');
    const mail = (await app.services.mail.list({ to: 'ann@fund.example' }))[0]!;
    expect(mail.subject).toBe(`${code} is your code to view the Lumen Grid pitch deck`);

    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(await startVisit(l.t, { email: 'ann@fund.example', code: wrongCode })).toMatchObject({
      status: 403,
      body: { error: DECK_CODE_WRONG },
    });
    expect((await startVisit(l.t, { email: 'ann@fund.example', code: '12ab' })).status).toBe(400);
    // The right code for another address does not open it.
    expect((await startVisit(l.t, { email: 'bob@fund.example', code })).status).toBe(401);

    const v = await startVisit(l.t, { email: 'ann@fund.example', code });
    expect(v.status, JSON.stringify(v.body)).toBe(201);
    const file = await fetch(`${app.url}/api/d/${l.t}/visits/${v.body.visitId}/file`);
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await fetch(`${app.url}/api/d/${l.t}/visits/${v.body.visitId}/cover`)).status).toBe(200);

    // Used once: the same code again is refused.
    expect(await startVisit(l.t, { email: 'ann@fund.example', code })).toMatchObject({
      status: 403,
      body: { error: DECK_CODE_USED },
    });

    await settle();
    const analytics = await app.api('GET', `/api/deck-links/${l.id}/analytics`, { token: founder.token });
    expect(analytics.body.visits).toEqual([expect.objectContaining({ email: 'ann@fund.example', verified: true })]);
    const links = await app.api('GET', '/api/deck-links', { token: founder.token });
    expect(links.body.links.find((x: { id: string }) => x.id === l.id)).toMatchObject({ verifyEmail: true });
    const notices = (await app.api('GET', '/api/deck-notifications', { token: founder.token }))
      .body as DeckNotificationsResponse;
    expect(notices.notifications.find((n) => n.linkId === l.id)).toMatchObject({ verified: true, first: true });
  });

  it('refuses an expired code, even the right one', async () => {
    const l = await link(founder.token, { verifyEmail: true });
    expect((await sendCode(l.t, 'late@fund.example')).status).toBe(202);
    const code = await codeFor('late@fund.example');
    const r = await later(10 * 60_000 + 1_000, () => startVisit(l.t, { email: 'late@fund.example', code }));
    expect(r).toMatchObject({ status: 403, body: { error: DECK_CODE_EXPIRED } });
  });

  it(`allows ${DECK_CODE_TRIES} wrong tries per code, then wants a new code; sends are limited per link and e-mail`, async () => {
    const l = await link(founder.token, { verifyEmail: true });
    const email = 'guess@fund.example';
    expect((await sendCode(l.t, email)).status).toBe(202);
    const code = await codeFor(email);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < DECK_CODE_TRIES; i++) expect((await startVisit(l.t, { email, code: wrong })).status).toBe(403);
    expect(await startVisit(l.t, { email, code })).toMatchObject({ status: 429, body: { error: DECK_CODE_USED_UP } });

    // A new code works; a third send in ten minutes is the last one.
    expect((await sendCode(l.t, email)).status).toBe(202);
    const fresh = await codeFor(email);
    expect((await startVisit(l.t, { email, code: fresh })).status).toBe(201);
    expect((await sendCode(l.t, email)).status).toBe(202);
    expect(await sendCode(l.t, email)).toMatchObject({ status: 429, body: { error: DECK_CODE_TOO_MANY_SENT } });
    // Another e-mail on the same link has its own allowance.
    expect((await sendCode(l.t, 'other@fund.example')).status).toBe(202);
  });

  it('refuses the bytes to a visit started before the founder turned verification on', async () => {
    const l = await link(founder.token, { requireEmail: true });
    const v = await startVisit(l.t, { email: 'early@fund.example' });
    expect(v.status).toBe(201);
    const on = await app.api('PATCH', `/api/deck-links/${l.id}`, { token: founder.token, body: { verifyEmail: true } });
    expect(on).toMatchObject({ status: 200, body: { verifyEmail: true } });
    for (const part of ['file', 'cover'])
      expect((await fetch(`${app.url}/api/d/${l.t}/visits/${v.body.visitId}/${part}`)).status).toBe(401);
    expect(
      (await app.api('PATCH', `/api/deck-links/${l.id}`, { token: founder.token, body: { verifyEmail: 'yes' } })).body,
    ).toEqual({ error: 'verifyEmail must be true or false' });
  });

  it('sends no code for a link that does not verify e-mails', async () => {
    const l = await link(founder.token, { requireEmail: true });
    expect((await sendCode(l.t, 'x@fund.example')).status).toBe(400);
  });
});

describe('alert modes', () => {
  async function founderWithDeck(mode?: string) {
    const f = await app.createUser();
    await uploadDeck(f.token);
    if (mode) {
      const r = await app.api('PUT', '/api/deck-notifications/settings', { token: f.token, body: { mode } });
      expect(r).toMatchObject({ status: 200, body: { mode, firstVisitEmail: true } });
    }
    return f;
  }
  const mailsTo = async (email: string, template: string) =>
    (await app.services.mail.list({ to: email })).filter((m) => m.template === template);
  async function twoVisits(f: { token: string }) {
    const l = await link(f.token, { requireEmail: true });
    expect((await startVisit(l.t, { email: 'gp@cedar.example' })).status).toBe(201);
    expect((await startVisit(l.t, { email: 'gp@cedar.example' })).status).toBe(201);
    await settle();
    return (
      (await app.api('GET', '/api/deck-notifications', { token: (f as { token: string }).token }))
        .body as DeckNotificationsResponse
    ).notifications;
  }

  it('rejects an unknown mode', async () => {
    const r = await app.api('PUT', '/api/deck-notifications/settings', {
      token: founder.token,
      body: { mode: 'hourly' },
    });
    expect(r).toMatchObject({
      status: 400,
      body: { error: 'mode must be "first_visit", "every_visit" or "daily_digest"' },
    });
  });

  it('first visit only (the default): one notice and one e-mail for two visits', async () => {
    const f = await founderWithDeck();
    expect(await twoVisits(f)).toHaveLength(1);
    expect(await mailsTo(f.email, 'deck-first-visit')).toHaveLength(1);
  });

  it('every visit: a notice and an e-mail for each', async () => {
    const f = await founderWithDeck('every_visit');
    const notices = await twoVisits(f);
    expect(notices.map((n) => n.first)).toEqual([false, true]);
    const mails = await mailsTo(f.email, 'deck-first-visit');
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'gp@cedar.example opened your deck',
      'gp@cedar.example opened your deck again',
    ]);
  });

  it('daily digest: notices in the app, no e-mail per visit, one digest e-mail for the day however often the job runs', async () => {
    const f = await founderWithDeck('daily_digest');
    const quiet = await founderWithDeck('daily_digest');
    expect(await twoVisits(f)).toHaveLength(2);
    expect(await mailsTo(f.email, 'deck-first-visit')).toHaveLength(0);
    const tomorrow = new Date(Date.now() + 86_400_000);
    await app.services.deckLinks.sendDigests(tomorrow);
    await app.services.deckLinks.sendDigests(tomorrow);
    await settle();
    const digests = await mailsTo(f.email, 'deck-daily-digest');
    expect(digests).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    expect(digests[0]!.subject).toBe(`Your deck on ${today}: 2 visits`);
    expect((await app.services.mail.get(digests[0]!.id))!.text).toContain('gp@cedar.example: 2 visits');
    // A founder without visits that day gets none.
    expect(await mailsTo(quiet.email, 'deck-daily-digest')).toHaveLength(0);
  });
});
