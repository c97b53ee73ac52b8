import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';
import { founder, testFirmId } from './submissions-helpers';

/**
 * Issue 14: follow-up reminders. A founder with pipeline cards whose next follow-up is today (or
 * overdue by up to a week) gets one e-mail that day listing them; closed cards and long-missed
 * dates are left out; running the job again that day sends nothing twice; the one-click
 * unsubscribe stops the next days' reminders.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const day = (d: Date, offset = 0) => new Date(d.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const emailOf = async (userId: string) =>
  (await app.ctx.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow())
    .email as string;
const reminders = async (email: string) =>
  (await app.services.mail.list({ to: email })).filter((m) => m.template === 'follow-up-reminder');

async function card(token: string, slug: string, patch: Record<string, unknown>) {
  const added = await app.api('POST', '/api/pipeline', {
    token,
    body: { investorId: testFirmId(slug), investorKind: 'vc' },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const r = await app.api('PATCH', `/api/pipeline/${added.body.id}`, { token, body: patch });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { name: string };
}

it(
  'mails each founder once a day with the follow-ups due, and not after they unsubscribe',
  { timeout: 120_000 },
  async () => {
    const now = new Date();
    const a = await founder(app, 0);
    const quiet = await founder(app, 0);
    const dueToday = await card(a.token, 'quill-ventures', {
      nextFollowUp: day(now),
      notes: 'Send the Q3 numbers',
      stage: 'Meeting',
    });
    const overdue = await card(a.token, 'atlas-ventures', { nextFollowUp: day(now, -2) });
    await card(a.token, 'northwind-ventures', { nextFollowUp: day(now, -10) }); // missed long ago: no more nagging
    await card(a.token, 'granite-growth', { nextFollowUp: day(now), stage: 'Passed', passReason: 'Not our stage' }); // closed
    await card(a.token, 'ember-capital', { nextFollowUp: day(now, 3) }); // not yet
    await card(quiet.token, 'quill-ventures', { nextFollowUp: day(now, 1) });

    expect(await app.services.pipeline.sendFollowUpReminders(now)).toBeGreaterThanOrEqual(1);
    await app.ctx.projections.waitFor(undefined, 10_000);
    const email = await emailOf(a.id);
    const [mail, ...more] = await reminders(email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('2 follow-ups are due today');
    const detail = (await app.services.mail.get(mail!.id))!;
    expect(detail.text).toContain(`From your pipeline, for ${day(now)}:`);
    expect(detail.text).toContain(`- ${overdue.name} (Target, due since ${day(now, -2)})`);
    expect(detail.text).toContain(`- ${dueToday.name} (Meeting, due today): Send the Q3 numbers`);
    expect(detail.text).not.toMatch(/Passed|Northwind|Ember/i);
    expect(detail.text).toContain(`${app.ctx.config.publicUrl}/pipeline`);
    expect(await reminders(await emailOf(quiet.id))).toEqual([]);

    // The same day again (another tick, a restart): nothing more.
    await app.services.pipeline.sendFollowUpReminders(now);
    await app.ctx.projections.waitFor(undefined, 10_000);
    expect(await reminders(email)).toHaveLength(1);

    // The next day the overdue ones come again, for that day.
    const tomorrow = new Date(now.getTime() + 86_400_000);
    await app.services.pipeline.sendFollowUpReminders(tomorrow);
    await app.ctx.projections.waitFor(undefined, 10_000);
    expect((await reminders(email)).map((m) => m.subject).sort()).toEqual([
      '2 follow-ups are due today',
      '2 follow-ups are due today',
    ]);
    expect((await reminders(await emailOf(quiet.id))).map((m) => m.subject)).toEqual([
      'Follow up with Quill Ventures today',
    ]);

    // One click on the unsubscribe link: the day after brings nothing.
    const oneClick = /^<(.*)>$/.exec(detail.headers['List-Unsubscribe']!)![1]!;
    const res = await fetch(oneClick.replace(app.ctx.config.publicUrl, app.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    await app.services.pipeline.sendFollowUpReminders(new Date(now.getTime() + 2 * 86_400_000));
    await app.ctx.projections.waitFor(undefined, 10_000);
    expect(await reminders(email)).toHaveLength(2);
  },
);
