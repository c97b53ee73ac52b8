import type { InvestorUpdateDetail, InvestorUpdatePreview, InvestorUpdateSummary } from '@fp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedTransport, type OutgoingMail } from '../src/modules/mail/index';
import { startTestApp, type TestApp } from '../src/testing/app';
import { COMPLETE_PROFILE, testFirmId } from './submissions-helpers';
import { deckPdf } from './support/deck-pdf';
import { eventually } from './support/mailbox';

/**
 * Issue 27 item 5, investor updates: a draft from the template (metrics from the profile), a preview
 * that is exactly the delivered message, Send to two pipeline investors (one message each, each with
 * its own deck link and a working one-click unsubscribe), a second Send and a double click that send
 * nothing new, an unsubscribed investor left out of the next update (but not out of another founder's),
 * the update's page (delivered, opened deck), and another founder's 404 on every update route.
 */
let app: TestApp;
let a: { id: string; email: string; token: string };
let b: { id: string; email: string; token: string };
const ATLAS = 'gp@atlas.example';
const BEACON = 'partner@beacon.example';
const inbox = () => createEmbeddedTransport(app.ctx.db);
const messagesTo = async (to: string) => (await inbox().inbox(to)) as OutgoingMail[];
const outboxCount = async (updateId: string) =>
  Number(
    (await app.ctx.pool.query(`select count(*) as n from mail_messages where id like $1`, [`iu-${updateId}-%`])).rows[0]
      .n,
  );

async function founder() {
  const u = await app.createUser();
  const p = await app.api('PATCH', '/api/startup-profile', {
    token: u.token,
    body: { ...COMPLETE_PROFILE, monthlyRevenue: '12500', revenueCurrency: 'EUR', teamCount: '7' },
  });
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  return u;
}
async function card(token: string, slug: string, stage: string) {
  const r = await app.api('POST', '/api/pipeline', {
    token,
    body: { investorId: testFirmId(slug), investorKind: 'vc', stage },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}
async function draft(token: string) {
  const r = await app.api('POST', '/api/investor-updates', { token, body: {} });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as InvestorUpdateDetail;
}
const content = (d: InvestorUpdateDetail, subject: string) => ({
  ...d.content,
  subject,
  highlights: 'We shipped pick-path planning to 3 warehouses.',
  asks: 'Intros to logistics operators in Germany.',
  lowlights: 'Hiring a robotics lead took longer than planned.',
});
const recipients = {
  stages: ['In conversation'],
  emails: [],
  addresses: [
    { investorId: testFirmId('atlas-ventures'), investorKind: 'vc', email: ATLAS },
    { investorId: testFirmId('beacon-ventures'), investorKind: 'vc', email: BEACON },
  ],
};

beforeAll(async () => {
  app = await startTestApp();
  a = await founder();
  b = await founder();
  const deck = await fetch(`${app.url}/api/pitch-deck?name=deck.pdf`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/pdf' },
    body: new Uint8Array(deckPdf(2)),
  });
  expect(deck.status).toBe(200);
  await card(a.token, 'atlas-ventures', 'In conversation');
  await card(a.token, 'beacon-ventures', 'In conversation');
  await card(a.token, 'aspen-ventures', 'Target');
}, 120_000);
afterAll(async () => app?.close());

describe('investor updates', () => {
  let first: InvestorUpdateDetail;
  let delivered: Record<string, OutgoingMail> = {};

  it('drafts from the template with metrics from the profile, each saying where it came from', async () => {
    first = await draft(a.token);
    expect(first).toMatchObject({
      status: 'draft',
      sentAt: null,
      deliveries: [],
      recipients: { stages: [], emails: [], addresses: [] },
    });
    expect(first.content.subject).toMatch(/^Acme Robotics update — \w+ \d{4}$/);
    expect(first.content.metrics).toEqual(
      expect.arrayContaining([
        { label: 'Monthly revenue', value: 'EUR 12,500', source: 'profile:monthlyRevenue' },
        { label: 'Team', value: '7 people', source: 'profile:teamCount' },
      ]),
    );
    // A changed value is the founder's, not the profile's.
    const metrics = first.content.metrics.map((m) => (m.label === 'Team' ? { ...m, value: '9 people' } : m));
    const saved = await app.api('PATCH', `/api/investor-updates/${first.id}`, {
      token: a.token,
      body: { content: { ...content(first, 'Acme Robotics — November'), metrics }, recipients },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.content.metrics.find((m: any) => m.label === 'Team').source).toBe('founder');
    expect(saved.body.content.metrics.find((m: any) => m.label === 'Monthly revenue').source).toBe(
      'profile:monthlyRevenue',
    );
    first = saved.body;
    // Validation: strict bodies, the spec's message shape.
    const bad = await app.api('PATCH', `/api/investor-updates/${first.id}`, {
      token: a.token,
      body: { recipients: { ...recipients, emails: ['not-an-address'] } },
    });
    expect(bad).toMatchObject({ status: 400, body: { error: expect.stringContaining('valid email') } });
    expect(
      (await app.api('PATCH', `/api/investor-updates/${first.id}`, { token: a.token, body: { sendNow: true } })).status,
    ).toBe(400);
  });

  it('previews exactly what each recipient gets, and queues nothing', async () => {
    const r = await app.api('POST', `/api/investor-updates/${first.id}/preview`, {
      token: a.token,
      body: { to: BEACON },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const p = r.body as InvestorUpdatePreview;
    expect(p.recipients.map((x) => [x.email, x.name, x.stage]).sort()).toEqual([
      [ATLAS, 'Atlas Ventures', 'In conversation'],
      [BEACON, 'Beacon Ventures', 'In conversation'],
    ]);
    expect(p.unsubscribed).toEqual([]);
    expect(p.message!.to).toBe(BEACON);
    expect(p.message!.subject).toBe('Acme Robotics — November');
    expect(p.message!.text).toContain('We shipped pick-path planning');
    expect(p.message!.text).toContain('Monthly revenue: EUR 12,500');
    expect(p.message!.text).toMatch(/\/d\/[A-Za-z0-9_-]{43}/);
    expect(p.message!.text).toMatch(/\/unsubscribe\?token=/);
    expect(await outboxCount(first.id)).toBe(0);
    // Only recipients can be previewed.
    expect(
      (
        await app.api('POST', `/api/investor-updates/${first.id}/preview`, {
          token: a.token,
          body: { to: 'someone@else.example' },
        })
      ).status,
    ).toBe(400);
    delivered = { preview: { ...p.message!, messageId: '', from: '', headers: {} } as OutgoingMail };
  });

  it('sends one message per pipeline investor, each with its own deck link and a working one-click unsubscribe', async () => {
    const r = await app.api('POST', `/api/investor-updates/${first.id}/send`, { token: a.token, body: {} });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ alreadySent: false, recipients: 2, skipped: 0 });
    const [atlas, beacon] = await Promise.all(
      [ATLAS, BEACON].map((to) =>
        eventually(
          async () => (await messagesTo(to)).find((m) => m.subject === 'Acme Robotics — November'),
          `the update to ${to}`,
          30_000,
        ),
      ),
    );
    // The preview was the message, to the byte.
    expect(beacon!.text).toBe(delivered.preview!.text);
    expect(beacon!.html).toBe(delivered.preview!.html);
    const deckUrl = (m: OutgoingMail) => /https?:\/\/\S+\/d\/([A-Za-z0-9_-]{43})/.exec(m.text)![1]!;
    expect(deckUrl(atlas!)).not.toBe(deckUrl(beacon!));
    expect(atlas!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    delivered = { atlas: atlas!, beacon: beacon! };
    // The Target-stage investor got nothing.
    expect(await outboxCount(first.id)).toBe(2);
    // The deck link is the recipient's: a visit through it shows on the update's page.
    const visit = await app.api('POST', `/api/d/${deckUrl(beacon!)}/visits`, { body: { email: BEACON } });
    expect(visit.status, JSON.stringify(visit.body)).toBe(201);
    const page = await eventually(
      async () => {
        const d = (await app.api('GET', `/api/investor-updates/${first.id}`, { token: a.token }))
          .body as InvestorUpdateDetail;
        return d.deliveries.every((x) => x.status === 'sent') && d.deliveries.some((x) => x.deckVisits > 0) ? d : null;
      },
      'delivered and opened on the update page',
      30_000,
    );
    expect(page.status).toBe('sent');
    expect(page.deliveries.map((x) => [x.email, x.name, x.deckVisits]).sort()).toEqual([
      [ATLAS, 'Atlas Ventures', 0],
      [BEACON, 'Beacon Ventures', 1],
    ]);
    const list = (await app.api('GET', '/api/investor-updates', { token: a.token })).body
      .updates as InvestorUpdateSummary[];
    expect(list.find((u) => u.id === first.id)).toMatchObject({
      status: 'sent',
      recipients: 2,
      delivered: 2,
      opened: 1,
    });
  });

  it('never sends twice: a second Send, and two at once on another update, queue nothing new; a sent update cannot change', async () => {
    const again = await app.api('POST', `/api/investor-updates/${first.id}/send`, { token: a.token, body: {} });
    expect(again.body).toEqual({ alreadySent: true, recipients: 2, skipped: 0 });
    expect(await outboxCount(first.id)).toBe(2);
    const edit = await app.api('PATCH', `/api/investor-updates/${first.id}`, {
      token: a.token,
      body: { content: content(first, 'Changed after sending') },
    });
    expect(edit).toMatchObject({
      status: 409,
      body: { error: 'This update has been sent and can no longer be changed.' },
    });

    const twice = await draft(a.token);
    await app.api('PATCH', `/api/investor-updates/${twice.id}`, {
      token: a.token,
      body: { content: content(twice, 'Double click'), recipients },
    });
    const both = await Promise.all(
      [1, 2].map(() => app.api('POST', `/api/investor-updates/${twice.id}/send`, { token: a.token, body: {} })),
    );
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.body.alreadySent).sort()).toEqual([false, true]);
    expect(await outboxCount(twice.id)).toBe(2);
    const sentEvents = await app.ctx.pool.query(
      `select count(*) as n from es_events where stream_id = $1 and type = 'InvestorUpdateSent'`,
      [`investor-update-${twice.id}`],
    );
    expect(Number(sentEvents.rows[0].n)).toBe(1);
  });

  it('an investor who unsubscribed (one click) gets no more updates from that founder, and still gets other founders’', async () => {
    const oneClick = /<(\S+)>/.exec(delivered.atlas!.headers['List-Unsubscribe']!)![1]!;
    const res = await fetch(oneClick.replace(app.ctx.config.publicUrl, app.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    const token = new URL(oneClick).searchParams.get('token')!;
    expect((await app.api('GET', `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`)).body).toMatchObject({
      email: ATLAS,
      unsubscribed: true,
      list: `investor-updates:${a.id}`,
      listName: 'Acme Robotics',
    });

    const next = await draft(a.token);
    await app.api('PATCH', `/api/investor-updates/${next.id}`, {
      token: a.token,
      body: { content: content(next, 'Acme Robotics — December'), recipients },
    });
    const p = (await app.api('POST', `/api/investor-updates/${next.id}/preview`, { token: a.token, body: {} }))
      .body as InvestorUpdatePreview;
    expect(p.recipients.map((x) => x.email)).toEqual([BEACON]);
    expect(p.unsubscribed.map((x) => x.email)).toEqual([ATLAS]);
    const sent = await app.api('POST', `/api/investor-updates/${next.id}/send`, { token: a.token, body: {} });
    expect(sent.body).toEqual({ alreadySent: false, recipients: 1, skipped: 1 });
    await eventually(
      async () => (await messagesTo(BEACON)).some((m) => m.subject === 'Acme Robotics — December'),
      'December to Beacon',
      30_000,
    );
    expect((await messagesTo(ATLAS)).map((m) => m.subject)).not.toContain('Acme Robotics — December');
    const page = (await app.api('GET', `/api/investor-updates/${next.id}`, { token: a.token }))
      .body as InvestorUpdateDetail;
    expect(page.skipped).toEqual([{ email: ATLAS, name: 'Atlas Ventures', reason: 'unsubscribed' }]);

    // Another founder's update to the same address still goes out (the opt-out was for Acme's updates).
    const theirs = await draft(b.token);
    await app.api('PATCH', `/api/investor-updates/${theirs.id}`, {
      token: b.token,
      body: {
        content: content(theirs, 'Other founder — December'),
        recipients: { stages: [], emails: [ATLAS], addresses: [] },
      },
    });
    expect(
      (await app.api('POST', `/api/investor-updates/${theirs.id}/send`, { token: b.token, body: {} })).body,
    ).toEqual({ alreadySent: false, recipients: 1, skipped: 0 });
    await eventually(
      async () => (await messagesTo(ATLAS)).some((m) => m.subject === 'Other founder — December'),
      "the other founder's update",
      30_000,
    );
  });

  it('refuses an empty update and one without recipients (400), and never sends without Send', async () => {
    const empty = await draft(a.token);
    await app.api('PATCH', `/api/investor-updates/${empty.id}`, {
      token: a.token,
      body: {
        content: { ...empty.content, metrics: empty.content.metrics.map((m) => ({ ...m, value: '' })) },
        recipients,
      },
    });
    expect(await app.api('POST', `/api/investor-updates/${empty.id}/send`, { token: a.token, body: {} })).toMatchObject(
      { status: 400, body: { error: 'Write a subject and at least one section before sending.' } },
    );
    const nobody = await draft(a.token);
    expect(
      await app.api('POST', `/api/investor-updates/${nobody.id}/send`, { token: a.token, body: {} }),
    ).toMatchObject({ status: 400, body: { error: 'Choose at least one recipient with an e-mail address.' } });
    expect((await outboxCount(empty.id)) + (await outboxCount(nobody.id))).toBe(0);
  });

  it('gives another founder 404 on every update route, and writes nothing for them', async () => {
    const head = await app.writes();
    const routes: [string, string, unknown][] = [
      ['GET', `/api/investor-updates/${first.id}`, undefined],
      ['PATCH', `/api/investor-updates/${first.id}`, { content: content(first, 'Hijacked') }],
      ['POST', `/api/investor-updates/${first.id}/preview`, {}],
      ['POST', `/api/investor-updates/${first.id}/send`, {}],
    ];
    for (const [method, path, body] of routes) {
      const r = await app.api(method, path, { token: b.token, body });
      expect(r, `${method} ${path}`).toMatchObject({ status: 404, body: { error: 'Update not found' } });
    }
    expect(
      ((await app.api('GET', '/api/investor-updates', { token: b.token })).body.updates as InvestorUpdateSummary[]).map(
        (u) => u.id,
      ),
    ).not.toContain(first.id);
    expect(await app.writes()).toBe(head);
    // Without a session: 401.
    expect((await app.api('GET', '/api/investor-updates')).status).toBe(401);
  });
});
