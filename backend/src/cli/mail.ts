import type { CliCommand } from './command';

export const mailCommands: CliCommand[] = [
  {
    name: 'mail list',
    summary: '[--to EMAIL] [--limit N]  (outgoing e-mail, newest first, with delivery state)',
    options: { to: { type: 'string' }, limit: { type: 'string' } },
    async run(rt, { values }, out) {
      const limit = values.limit ? Math.min(500, Math.max(1, Number(values.limit) || 100)) : 100;
      const messages = await rt.services.mail.list({ to: values.to, limit });
      if (out.json) {
        for (const m of messages) out.result(m);
        return;
      }
      if (!messages.length) return out.result(values.to ? `No e-mail to ${values.to}` : 'No e-mail sent yet');
      out.info(`Transport: ${rt.services.mail.transport}`);
      // The id first: `mail show --id` needs it.
      for (const m of messages)
        out.result(
          m,
          `${m.id}  ${m.queuedAt}  ${m.status.padEnd(8)}  ${m.to}  ${m.subject}${m.lastError ? `  (${m.lastError})` : ''}`,
        );
    },
  },
  {
    name: 'mail show',
    summary: '--id ID  (one message: headers and plain text)',
    options: { id: { type: 'string' } },
    async run(rt, { values }, out) {
      const m = values.id ? await rt.services.mail.get(values.id) : null;
      if (!m) throw new Error(values.id ? `No message ${values.id}` : 'mail show needs --id');
      out.result(
        m,
        [
          `To: ${m.to}`,
          `Subject: ${m.subject}`,
          ...Object.entries(m.headers).map(([k, v]) => `${k}: ${v}`),
          `Status: ${m.status}`,
          '',
          m.text,
        ].join('\n'),
      );
    },
  },
];
