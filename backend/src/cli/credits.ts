import type { CliCommand } from './index';
import { CliError } from './index';

export const creditCommands: CliCommand[] = [
  {
    name: 'credits grant',
    summary: '--email E --amount N --reason R  (operator grant, recorded with the operator as actor)',
    options: { email: { type: 'string' }, amount: { type: 'string' }, reason: { type: 'string' } },
    async run(rt, { values }, out) {
      const amount = Number(values.amount);
      if (!values.email || !Number.isInteger(amount) || amount <= 0 || !values.reason) throw new CliError('credits grant needs --email, a positive whole --amount and --reason');
      const user = await rt.identity.findByEmail(values.email);
      if (!user) throw new CliError(`No user with e-mail ${values.email}`);
      const actor = `operator:${process.env.USER ?? 'cli'}`;
      const r = await rt.ctx.services.credits.grant(user.id, amount, values.reason, actor, { now: new Date(), actor });
      out.result({ email: user.email, amount, balance: r.balance }, `Granted ${amount} credit(s) to ${user.email}; balance ${r.balance}`);
    },
  },
];
