import { createRuntime } from '../src/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedTransport, createSmtpTransport, MAX_MAIL_ATTEMPTS } from '../src/modules/mail/index';
import { startTestApp, type TestApp } from '../src/testing/app';
import { mailContract, type Delivered } from './mail.contract';
import { eventually } from './support/mailbox';
import { startTinySmtp } from './support/tiny-smtp';

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startTinySmtp>>;
beforeAll(async () => {
  app = await startTestApp();
  smtp = await startTinySmtp();
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

mailContract('embedded', async () => {
  const port = createEmbeddedTransport(app.ctx.db);
  return {
    port,
    async received(id) {
      const m = (await port.inbox()).find((x) => x.messageId === id);
      if (!m) return undefined;
      const headers = Object.fromEntries(Object.entries(m.headers).map(([k, v]) => [k.toLowerCase(), v]));
      return {
        to: m.to,
        subject: m.subject,
        content: `${m.text}\n${m.html}`,
        header: (n) => headers[n],
      } satisfies Delivered;
    },
  };
});

mailContract('smtp (nodemailer against a local SMTP server written for the test)', async () => ({
  port: createSmtpTransport(smtp.url),
  async received(id) {
    const m = smtp.received.find((x) => x.raw.includes(`<${id}@`));
    if (!m) return undefined;
    const head = m.raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
    const header = (n: string) => new RegExp(`^${n}: (.*)$`, 'im').exec(head)?.[1];
    return { to: m.to[0]!, subject: header('subject')!, content: m.raw, header };
  },
}));

describe('the mail module', () => {
  const meta = () => ({ now: new Date(), actor: 'test' });
  const inboxOf = async (to: string) => createEmbeddedTransport(app.ctx.db).inbox(to);

  it('a queued message is an event and the delivery job sends it; the mailbox lists it as sent', async () => {
    const to = `verify-${Date.now()}@example.com`;
    const r = await app.services.mail.send(
      'verify-email',
      { to, data: { url: `${app.url}/verify-email?token=t1` } },
      meta(),
    );
    const events = (await app.ctx.store.readStream(`mail-${r.messageId}`)).events;
    expect(events.map((e) => e.type)).toEqual(['MailQueued']);
    expect(events[0]!.data.subject).toBe('Verify your e-mail address for FundFlow');
    const [got] = await eventually(async () => ((await inboxOf(to)).length ? inboxOf(to) : null), 'delivery');
    expect(got!.text).toContain(`${app.url}/verify-email?token=t1`);
    expect(got!.html).toContain('Verify e-mail');
    // Account e-mails carry no unsubscribe.
    expect(got!.headers['List-Unsubscribe']).toBeUndefined();
    const sent = await eventually(
      async () => (await app.services.mail.list({ to })).find((m) => m.status === 'sent'),
      'the read model',
    );
    expect(sent.attempts).toBe(1);
    expect((await app.ctx.store.readStream(`mail-${r.messageId}`)).events.map((e) => e.type)).toEqual([
      'MailQueued',
      'MailSent',
    ]);
  });

  it('queueing the same message id twice sends one message', async () => {
    const to = `twice-${Date.now()}@example.com`;
    const data = {
      paymentId: 'cs_test_twice',
      product: 'Pro plan',
      credits: 100,
      amount: '$97.00',
      date: '2026-01-01',
      url: `${app.url}/credits`,
    };
    await app.services.mail.send('receipt', { to, data, messageId: 'receipt-cs_test_twice' }, meta());
    await app.services.mail.send('receipt', { to, data, messageId: 'receipt-cs_test_twice' }, meta());
    await eventually(async () => (await app.services.mail.list({ to })).find((m) => m.status === 'sent'), 'delivery');
    expect(await app.services.mail.list({ to })).toHaveLength(1);
    expect(await inboxOf(to)).toHaveLength(1);
  });

  it('notification e-mails carry a one-click unsubscribe that works; account e-mails still go out after it', async () => {
    const to = `notify-${Date.now()}@example.com`;
    const data = { total: 3, delivered: 2, failed: 1, refunded: 1, url: `${app.url}/submissions` };
    await app.services.mail.send('batch-finished', { to, data }, meta());
    const [got] = await eventually(async () => ((await inboxOf(to)).length ? inboxOf(to) : null), 'delivery');
    expect(got!.subject).toBe('Your applications have finished: 2 of 3 delivered');
    expect(got!.text).toMatch(/Delivered: 2\nFailed: 1\nStopped: 0\nCredits refunded: 1/);
    expect(got!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.*)>$/.exec(got!.headers['List-Unsubscribe']!)![1]!;
    expect(got!.html).toContain(`${app.ctx.config.publicUrl}/unsubscribe?token=`);

    // A forged or altered token changes nothing.
    const bad = await app.api('POST', '/api/mail/unsubscribe', {
      body: { token: 'eyJlIjoieEBleGFtcGxlLmNvbSJ9.forged-signature' },
    });
    expect(bad).toMatchObject({ status: 400, body: { error: 'This unsubscribe link is not valid' } });

    // RFC 8058: the mail client POSTs a form body to the header's address, without a session.
    const res = await fetch(oneClick.replace(app.ctx.config.publicUrl, app.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ unsubscribed: true, email: to });

    const again = await app.services.mail.send('batch-finished', { to, data }, meta());
    expect(again.skipped).toBe('unsubscribed');
    const account = await app.services.mail.send(
      'reset-password',
      { to, data: { url: `${app.url}/reset-password?token=x` } },
      meta(),
    );
    expect(account.skipped).toBeUndefined();
    await eventually(async () => (await inboxOf(to)).length === 2, 'the account e-mail');
    expect((await inboxOf(to)).map((m) => m.subject).sort()).toEqual([
      'Reset your FundFlow password',
      'Your applications have finished: 2 of 3 delivered',
    ]);
  });

  it("the unsubscribe page's API: state, unsubscribe and undo by the link's token, no session, each an event", async () => {
    const to = `undo-${Date.now()}@example.com`;
    const data = { total: 1, delivered: 1, failed: 0, refunded: 0, url: `${app.url}/submissions` };
    await app.services.mail.send('batch-finished', { to, data }, meta());
    const [got] = await eventually(async () => ((await inboxOf(to)).length ? inboxOf(to) : null), 'delivery');
    const token = decodeURIComponent(/\/unsubscribe\?token=([^\s"&]+)/.exec(got!.text)![1]!);
    const q = `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`;

    expect(await app.api('GET', q)).toMatchObject({
      status: 200,
      body: { email: to, category: 'notification', unsubscribed: false },
    });
    expect(await app.api('POST', '/api/mail/unsubscribe', { body: { token } })).toMatchObject({
      status: 200,
      body: { unsubscribed: true, email: to },
    });
    expect((await app.api('GET', q)).body.unsubscribed).toBe(true);
    expect((await app.services.mail.send('batch-finished', { to, data }, meta())).skipped).toBe('unsubscribed');

    // Undo: notifications are sent again, at once (the answer waits for the read model).
    expect(await app.api('DELETE', '/api/mail/unsubscribe', { body: { token } })).toMatchObject({
      status: 200,
      body: { unsubscribed: false, email: to },
    });
    expect((await app.api('GET', q)).body.unsubscribed).toBe(false);
    expect((await app.services.mail.send('batch-finished', { to, data }, meta())).skipped).toBeUndefined();
    // Undoing twice records nothing more; the log holds exactly what happened.
    expect((await app.api('DELETE', q)).status).toBe(200);
    const stream = (
      await app.ctx.pool.query<{ type: string }>(
        `select type from es_events where stream_id like 'mail-optout-%' and data->>'email' = $1 order by global_position`,
        [to],
      )
    ).rows.map((r) => r.type);
    expect(stream).toEqual(['MailUnsubscribed', 'MailResubscribed']);

    // Bad input: a 400 with the reason, never a 500.
    expect(await app.api('GET', '/api/mail/unsubscribe')).toMatchObject({
      status: 400,
      body: { error: expect.any(String) },
    });
    expect(
      await app.api('DELETE', '/api/mail/unsubscribe', {
        body: { token: 'eyJlIjoieEBleGFtcGxlLmNvbSJ9.forged-signature' },
      }),
    ).toMatchObject({ status: 400, body: { error: 'This unsubscribe link is not valid' } });
    expect(await app.api('POST', '/api/mail/unsubscribe', { body: { token, extra: 1 } })).toMatchObject({
      status: 400,
    });
  });

  it('the mailbox is for admins only', async () => {
    const founder = await app.createUser();
    const admin = await app.createUser({ admin: true });
    expect((await app.api('GET', '/api/mailbox', { token: founder.token })).status).toBe(403);
    expect((await app.api('GET', '/api/mailbox')).status).toBe(401);
    const list = await app.api('GET', '/api/mailbox?limit=5', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.transport).toBe('embedded');
    const one = await app.api('GET', `/api/mailbox/${list.body.messages[0].id}`, { token: admin.token });
    expect(one.body.html).toContain('FundFlow');
    expect((await app.api('GET', '/api/mailbox/nope', { token: admin.token })).status).toBe(404);
  });
});

describe('durability and retries', () => {
  it('a message queued while no delivery job runs is sent after the next start; a refused message is tried again with backoff (giving up: decider tests)', async () => {
    const config = { ...app.ctx.config, port: 0, smtpUrl: undefined };
    // An API-only process queues (no delivery job in it), then stops.
    const api = await createRuntime({ config, role: 'api', databaseUrl: app.db.url, log: () => {}, listen: false });
    const to = `durable-${Date.now()}@example.com`;
    const q = await api.services.mail.send(
      'verify-email',
      { to, data: { url: 'https://fundflow.example/v' } },
      { now: new Date(), actor: 'test' },
    );
    await api.stop();
    // The running app's worker (another process in production) picks it up.
    await eventually(
      async () => (await createEmbeddedTransport(app.ctx.db).inbox(to)).length,
      'delivery after restart',
    );

    // A transport that refuses: each failed try is an event with the next try's time.
    const cli = await createRuntime({ config, role: 'cli', databaseUrl: app.db.url, log: () => {} });
    try {
      const svc = cli.services.mail;
      const bad = await svc.send(
        'verify-email',
        { to: 'not-an-address', data: { url: 'https://fundflow.example/v' } },
        { now: new Date(), actor: 'test' },
      );
      const failures = await eventually(async () => {
        const ev = (await app.ctx.store.readStream(`mail-${bad.messageId}`)).events;
        return ev.some((e) => e.type === 'MailAttemptFailed') ? ev : null;
      }, 'a failed try');
      const failed = failures.find((e) => e.type === 'MailAttemptFailed')!;
      expect(failed.data.attempt).toBe(1);
      expect(failed.data.error).toMatch(/not-an-address/);
      expect(new Date(failed.data.retryAt).getTime()).toBeGreaterThan(Date.now());
      await app.ctx.projections.waitFor(undefined, 10_000);
      expect((await svc.list({ to: 'not-an-address' }))[0]).toMatchObject({
        status: 'retrying',
        attempts: 1,
        lastError: 'Not an e-mail address: not-an-address',
      });
      expect(MAX_MAIL_ATTEMPTS).toBeGreaterThan(1);
      expect((await svc.get(q.messageId))?.status).toBe('sent');
    } finally {
      await cli.stop();
    }
  });
});
