import type { DeckNotificationsResponse } from '@fp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';
import { deckPdf } from './support/deck-pdf';
import { testFirmId } from './submissions-helpers';

/**
 * Issue 27, item 3: a link's first visit notifies its founder in the app (GET /api/deck-notifications)
 * and by e-mail (once per link, never again on the next visits), unless the founder switched the
 * e-mails off (PUT /api/deck-notifications/settings, on by default). Real Postgres, real mail outbox.
 */
let app: TestApp;
let a: { id: string; email: string; token: string };
let b: { id: string; email: string; token: string };

beforeAll(async () => {
  app = await startTestApp();
  a = await app.createUser();
  b = await app.createUser();
  const res = await fetch(`${app.url}/api/pitch-deck?name=deck.pdf`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/pdf' },
    body: new Uint8Array(deckPdf(3)),
  });
  expect(res.status).toBe(200);
}, 120_000);
afterAll(async () => app?.close());

const settle = () => app.ctx.projections.waitFor(undefined, 10_000);
const alertMails = async (email: string) =>
  (await app.services.mail.list({ to: email })).filter((m) => m.template === 'deck-first-visit');
const notices = async (token: string) => {
  const r = await app.api('GET', '/api/deck-notifications', { token });
  expect(r.status).toBe(200);
  return r.body as DeckNotificationsResponse;
};
async function link(body: Record<string, unknown>) {
  const r = await app.api('POST', '/api/deck-links', { token: a.token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { id: r.body.id as string, t: /\/d\/([A-Za-z0-9_-]{43})$/.exec(r.body.url)![1]! };
}
async function visit(t: string, email: string) {
  const r = await app.api('POST', `/api/d/${t}/visits`, { body: { email } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}

describe('deck alerts', () => {
  it("mails the founder once on a link's first visit and shows it in the app; the next visit adds nothing", async () => {
    const card = await app.api('POST', '/api/pipeline', {
      token: a.token,
      body: { investorId: testFirmId('quill-ventures'), investorKind: 'vc' },
    });
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    const l = await link({ investorId: testFirmId('quill-ventures'), investorKind: 'vc' });
    expect(await notices(a.token)).toEqual({
      notifications: [],
      unseen: 0,
      settings: { firstVisitEmail: true, mode: 'first_visit' },
    });

    await visit(l.t, 'gp@quill.example');
    await settle();
    const [mail, ...more] = await alertMails(a.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`${card.body.name} opened your deck`);
    const detail = (await app.services.mail.get(mail!.id))!;
    expect(detail.text).toContain(`${card.body.name} opened your pitch deck for the first time`);
    expect(detail.text).toContain("Viewer's e-mail: gp@quill.example");
    expect(detail.text).toContain(`${app.ctx.config.publicUrl}/deck`);
    expect(detail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const n = await notices(a.token);
    expect(n.unseen).toBe(1);
    expect(n.notifications).toEqual([
      expect.objectContaining({
        linkId: l.id,
        investorId: testFirmId('quill-ventures'),
        investorName: card.body.name,
        email: 'gp@quill.example',
        seen: false,
      }),
    ]);

    // A second visit of the same link: no second e-mail, no second notice.
    await visit(l.t, 'analyst@quill.example');
    await settle();
    expect(await alertMails(a.email)).toHaveLength(1);
    expect((await notices(a.token)).notifications).toHaveLength(1);

    // Seen: the badge count goes to 0; another founder sees none of it.
    expect((await app.api('POST', '/api/deck-notifications/seen', { token: a.token })).status).toBe(204);
    expect(await notices(a.token)).toMatchObject({
      unseen: 0,
      notifications: [expect.objectContaining({ linkId: l.id, seen: true })],
    });
    expect(await notices(b.token)).toEqual({
      notifications: [],
      unseen: 0,
      settings: { firstVisitEmail: true, mode: 'first_visit' },
    });
  });

  it('sends no e-mail while the setting is off (the in-app notice stays); on again, the next first visit is mailed', async () => {
    const bad = await app.api('PUT', '/api/deck-notifications/settings', {
      token: a.token,
      body: { firstVisitEmail: 'no' },
    });
    expect(bad).toMatchObject({ status: 400, body: { error: 'firstVisitEmail must be true or false' } });
    const off = await app.api('PUT', '/api/deck-notifications/settings', {
      token: a.token,
      body: { firstVisitEmail: false },
    });
    expect(off).toMatchObject({ status: 200, body: { firstVisitEmail: false, mode: 'first_visit' } });
    const before = (await alertMails(a.email)).length;

    const quiet = await link({ email: 'angel@quiet.example' });
    await visit(quiet.t, 'angel@quiet.example');
    await settle();
    expect(await alertMails(a.email)).toHaveLength(before);
    const n = await notices(a.token);
    expect(n.settings).toEqual({ firstVisitEmail: false, mode: 'first_visit' });
    expect(n.notifications[0]).toMatchObject({
      linkId: quiet.id,
      investorName: null,
      email: 'angel@quiet.example',
      seen: false,
    });
    expect(n.unseen).toBe(1);

    expect(
      (await app.api('PUT', '/api/deck-notifications/settings', { token: a.token, body: { firstVisitEmail: true } }))
        .body,
    ).toEqual({ firstVisitEmail: true, mode: 'first_visit' });
    const loud = await link({ email: 'partner@loud.example' });
    await visit(loud.t, 'partner@loud.example');
    await settle();
    const mails = await alertMails(a.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]!.subject).toBe('partner@loud.example opened your deck');
  });

  it('needs a session', async () => {
    expect((await app.api('GET', '/api/deck-notifications')).status).toBe(401);
    expect(
      (await app.api('PUT', '/api/deck-notifications/settings', { body: { firstVisitEmail: false } })).status,
    ).toBe(401);
  });
});
