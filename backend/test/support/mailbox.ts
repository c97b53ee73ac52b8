import { createEmbeddedTransport, type OutgoingMail } from '../../src/modules/mail/index';
import type { TestApp } from '../../src/testing/app';

/** Waits (bounded) for something the delivery job or a projection does on its own timer. */
export async function eventually<T>(
  f: () => Promise<T | undefined | null | false>,
  what: string,
  ms = 15_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The newest message to `to` in the embedded mailbox whose subject matches, once delivered. */
export async function awaitMail(app: TestApp, to: string, subject: RegExp, seen = 0): Promise<OutgoingMail> {
  const inbox = createEmbeddedTransport(app.ctx.db);
  return eventually(async () => {
    const all = (await inbox.inbox(to)).filter((m) => subject.test(m.subject));
    return all.length > seen ? all[0] : undefined;
  }, `an e-mail to ${to} matching ${subject}`);
}

/** The `token` query parameter of the first link to `page` in a message's text. */
export function linkToken(mail: OutgoingMail, page: string): string {
  const m = new RegExp(`https?://\\S+/${page}\\?token=(\\S+)`).exec(mail.text);
  if (!m) throw new Error(`no ${page} link in: ${mail.text}`);
  return decodeURIComponent(m[1]!);
}
