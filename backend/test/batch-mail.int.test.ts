import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';
import { founder, testFirmId, TERMINAL, waitForStatus, waitUntil } from './submissions-helpers';

/**
 * Issue 14: a founder hears when a batch of applications has finished — one e-mail when the last
 * application under way ends, with the delivered, failed and refunded counts and a link to the
 * submissions; the next batch gets its own.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const batchMails = async (email: string) => (await app.services.mail.list({ to: email })).filter((m) => m.template === 'batch-finished');

it('mails once when the last application of a batch ends, with its counts; a later batch gets its own mail', { timeout: 240_000 }, async () => {
  const u = await founder(app, 5);
  const email = (await app.ctx.db.selectFrom('users').select('email').where('id', '=', u.id).executeTakeFirstOrThrow()).email as string;
  const submit = await app.api('POST', '/api/submit-to-test-vcs', { token: u.token, body: { testVcIds: [testFirmId('granite-growth'), testFirmId('ember-capital')] } });
  expect(submit.status, JSON.stringify(submit.body)).toBe(200);
  const ended = await Promise.all((submit.body.submissionIds as string[]).map((id) => waitForStatus(app, u.token, id, TERMINAL, 180_000)));
  const delivered = ended.filter((s) => s.status === 'completed').length;

  const [mail] = await waitUntil('the batch mail', async () => {
    await app.ctx.projections.waitFor(undefined, 20_000);
    const m = await batchMails(email);
    return m.length ? m : null;
  }, 60_000, 300);
  expect(mail!.subject).toBe(`Your applications have finished: ${delivered} of 2 delivered`);
  const full = await app.services.mail.get(mail!.id);
  expect(full!.text).toContain(`Delivered: ${delivered}`);
  expect(full!.text).toContain(`Failed: ${2 - delivered}`);
  expect(full!.text).toMatch(/See your submissions: http.*\/submissions/);
  // A notification: it carries the one-click unsubscribe.
  expect(full!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

  const again = await app.api('POST', '/api/submit-to-test-vcs', { token: u.token, body: { testVcIds: [testFirmId('summit-capital')] } });
  expect(again.status).toBe(200);
  await waitForStatus(app, u.token, again.body.submissionIds[0], TERMINAL, 180_000);
  const both = await waitUntil('the second batch mail', async () => {
    await app.ctx.projections.waitFor(undefined, 20_000);
    const m = await batchMails(email);
    return m.length === 2 ? m : null;
  }, 60_000, 300);
  expect(both.map((m) => m.subject).sort()[0]).toMatch(/of 1 delivered$/);
});
