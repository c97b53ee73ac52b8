import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MailPort, OutgoingMail } from '../src/modules/mail/index';

/** What a recipient got, as far as the test can read it back. */
export interface Delivered {
  to: string;
  subject: string;
  /** Text and HTML as received (the raw MIME for SMTP). */
  content: string;
  header(name: string): string | undefined;
}

/**
 * The mail port's contract: the embedded mailbox and SMTP pass it. `received` reads a message back
 * from the receiving side; it is absent for a real server the test cannot read (then only the
 * acceptance is checked).
 */
export function mailContract(
  name: string,
  make: () => Promise<{ port: MailPort; received?: (messageId: string) => Promise<Delivered | undefined> }>,
) {
  describe(`mail contract: ${name}`, () => {
    const message = (over: Partial<OutgoingMail> = {}): OutgoingMail => ({
      messageId: randomUUID(),
      from: 'FundFlow <no-reply@fundflow.example>',
      to: process.env.MAIL_CONTRACT_TO ?? 'founder@example.com',
      subject: `Contract ${randomUUID().slice(0, 8)}`,
      text: 'Plain words for the contract.',
      html: '<p>Plain words for the <b>contract</b>.</p>',
      headers: {
        'List-Unsubscribe': '<https://fundflow.example/api/mail/unsubscribe?token=abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      ...over,
    });

    it('delivers a message with its subject, both parts and its headers', async () => {
      const { port, received } = await make();
      const m = message();
      const r = await port.send(m);
      expect(r.providerId).toContain(m.messageId);
      if (!received) return;
      const got = await received(m.messageId);
      expect(got, 'the receiver got the message').toBeDefined();
      expect(got!.to).toBe(m.to);
      expect(got!.subject).toBe(m.subject);
      expect(got!.content).toContain('Plain words for the contract.');
      expect(got!.content).toContain('<b>contract</b>');
      expect(got!.header('list-unsubscribe')).toBe('<https://fundflow.example/api/mail/unsubscribe?token=abc>');
      expect(got!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    });

    it('refuses a message whose recipient is not an address (the job then tries again)', async () => {
      const { port, received } = await make();
      const m = message({ to: 'not-an-address' });
      await expect(port.send(m)).rejects.toThrow();
      if (received) expect(await received(m.messageId)).toBeUndefined();
    });
  });
}
