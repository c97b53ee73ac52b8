import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@fp/infra';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { batchFinishedNotifier } from '../src/modules/submissions/notify-batch-finished';
import { startTestApp, type TestApp } from '../src/testing/app';
import { founder, testFirmId, TERMINAL, waitForStatus, waitUntil } from './submissions-helpers';
import { collectEffects } from '@fp/projections';

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

const batchMails = async (email: string) =>
  (await app.services.mail.list({ to: email })).filter((m) => m.template === 'batch-finished');

it(
  'mails once when the last application of a batch ends, with its counts; a later batch gets its own mail',
  { timeout: 240_000 },
  async () => {
    const u = await founder(app, 5);
    const email = (
      await app.ctx.db.selectFrom('users').select('email').where('id', '=', u.id).executeTakeFirstOrThrow()
    ).email as string;
    const submit = await app.api('POST', '/api/submit-to-test-vcs', {
      token: u.token,
      body: { testVcIds: [testFirmId('granite-growth'), testFirmId('ember-capital')] },
    });
    expect(submit.status, JSON.stringify(submit.body)).toBe(200);
    const ended = await Promise.all(
      (submit.body.submissionIds as string[]).map((id) => waitForStatus(app, u.token, id, TERMINAL, 180_000)),
    );
    const delivered = ended.filter((s) => s.status === 'completed').length;

    const [mail] = await waitUntil(
      'the batch mail',
      async () => {
        await app.ctx.projections.waitFor(undefined, 20_000);
        const m = await batchMails(email);
        return m.length ? m : null;
      },
      60_000,
      300,
    );
    expect(mail!.subject).toBe(`Your applications have finished: ${delivered} of 2 delivered`);
    const full = await app.services.mail.get(mail!.id);
    expect(full!.text).toContain(`Delivered: ${delivered}`);
    // Two firms, none stopped: each ends delivered or failed.
    expect(full!.text).toContain(`Failed: ${ended.filter((s) => s.status === 'failed').length}`);
    expect(full!.text).toContain(`Stopped: ${ended.filter((s) => s.status === 'stopped').length}`);
    expect(full!.text).toMatch(/See your submissions: http.*\/submissions/);
    // A notification: it carries the one-click unsubscribe.
    expect(full!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const again = await app.api('POST', '/api/submit-to-test-vcs', {
      token: u.token,
      body: { testVcIds: [testFirmId('summit-capital')] },
    });
    expect(again.status).toBe(200);
    await waitForStatus(app, u.token, again.body.submissionIds[0], TERMINAL, 180_000);
    const both = await waitUntil(
      'the second batch mail',
      async () => {
        await app.ctx.projections.waitFor(undefined, 20_000);
        const m = await batchMails(email);
        return m.length === 2 ? m : null;
      },
      60_000,
      300,
    );
    expect(both.map((m) => m.subject).sort()[0]).toMatch(/of 1 delivered$/);
  },
);

/**
 * Issue 24: the mail's figures are contracts' (submissions/figures.ts): stopped runs apart from
 * failed ones, a retry is the same application (not an extra one). The notifier runs on the real
 * database and mail service with the events of seven applications, one retried.
 */
it('counts stopped runs apart and a retried application once', { timeout: 120_000 }, async () => {
  const { id: userId, email } = await app.createUser();
  const notifier = batchFinishedNotifier(app.services.mail, app.url);
  const at = new Date().toISOString();
  const sub = (k: string) => `issue24-${userId}-${k}`;
  const ev = (type: string, k: string, data: Record<string, unknown> = {}): RecordedEvent => ({
    eventId: randomUUID(),
    streamId: `submission-${sub(k)}`,
    streamPosition: 0,
    checkpoint: '0:0',
    sequence: 0,
    type,
    data: { submissionId: sub(k), attemptId: `${k}-1`, ...data },
    metadata: { now: at },
    createdAt: at,
  });
  const firms = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  const events = [
    ...firms.map((k) => ev('SubmissionRequested', k, { userId, vcFirmId: `firm-${k}`, test: true })),
    ev('SubmissionCompleted', 'a'),
    ev('SubmissionCompleted', 'b'),
    ev('SubmissionCompleted', 'c'),
    ev('SubmissionFailed', 'd', { error: 'form rejected' }),
    ev('SubmissionRetried', 'd', { attempt: 2 }),
    ev('SubmissionCompleted', 'd'),
    ev('SubmissionStopped', 'e', { formSent: false }),
    ev('SubmissionStopped', 'f', { formSent: false }),
    ev('SubmissionFailed', 'g', { error: 'no form' }),
  ];
  const effects = collectEffects(notifier);
  await app.ctx.db.transaction().execute((tx) => notifier.apply(tx, events, effects));
  await effects.run();
  const [mail] = await waitUntil(
    'the batch mail',
    async () => {
      const m = await batchMails(email);
      return m.length ? m : null;
    },
    60_000,
    300,
  );
  expect(await batchMails(email)).toHaveLength(1);
  // 7 firms, not 8; the retried one counts once, as delivered.
  expect(mail!.subject).toBe('Your applications have finished: 4 of 7 delivered');
  const full = await app.services.mail.get(mail!.id);
  expect(full!.text).toContain('Your 7 applications have finished.');
  expect(full!.text).toContain('Delivered: 4');
  expect(full!.text).toContain('Failed: 1');
  expect(full!.text).toContain('Stopped: 2');
  expect(full!.text).toContain('Credits refunded: 4');
  expect(full!.text).toContain('Success rate: 80% of finished (stopped not counted)');
});
