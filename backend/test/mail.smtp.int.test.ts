import { describe, it } from 'vitest';
import { createSmtpTransport } from '../src/modules/mail/index';
import { mailContract } from './mail.contract';

// The production SMTP server (SMTP_URL): accepted messages only, since the test cannot read that inbox.
const url = process.env.SMTP_URL;
if (!url) {
  console.log(
    '[skip] SMTP mail contract against a real server: SMTP_URL is not set (the local SMTP server run is in mail.int.test.ts).',
  );
  describe.skip('mail contract: smtp (SMTP_URL unset)', () => it('needs SMTP_URL', () => {}));
} else {
  mailContract(`smtp at ${new URL(url).host}`, async () => ({ port: createSmtpTransport(url) }));
}
