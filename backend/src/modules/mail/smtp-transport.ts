import nodemailer from 'nodemailer';
import type { MailPort } from './port';

/** SMTP through nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export function createSmtpTransport(url: string, domain = 'fundflow.example'): MailPort {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      const info = await transport.sendMail({
        messageId: `<${mail.messageId}@${domain}>`,
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
      if (info.rejected.length) throw new Error(`The server rejected ${info.rejected.join(', ')}`);
      return { providerId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}
