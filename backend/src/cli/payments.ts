import type { CliCommand } from './command';

export const paymentCommands: CliCommand[] = [
  {
    name: 'payments refund',
    summary:
      "--payment ID [--amount CENTS]  (refund a purchase, all of it by default; the provider's webhook takes the credits back)",
    options: { payment: { type: 'string' }, amount: { type: 'string' } },
    async run(rt, { values }, out) {
      if (!values.payment) throw new Error('payments refund needs --payment (the receipt number on /credits)');
      const amount = values.amount === undefined ? undefined : Number(values.amount);
      if (amount !== undefined && !(Number.isSafeInteger(amount) && amount > 0))
        throw new Error('--amount must be a whole number of cents above 0');
      const r = (await rt.services.payments.refund(values.payment, amount)) as {
        reversed: number;
        owed: number;
      } | null;
      out.result(
        { paymentId: values.payment, provider: rt.services.payments.provider.kind, ...(r ?? {}) },
        r
          ? `Refunded ${values.payment}: ${r.reversed} credits taken back${r.owed ? `, ${r.owed} owed` : ''}`
          : `Refund sent to Stripe for ${values.payment}; its webhook takes the credits back`,
      );
    },
  },
  {
    name: 'payments dispute',
    summary:
      '--payment ID  (local checkout only: the card holder disputes the payment; all its credits are taken back)',
    options: { payment: { type: 'string' } },
    async run(rt, { values }, out) {
      if (!values.payment) throw new Error('payments dispute needs --payment');
      const r = (await rt.services.payments.dispute(values.payment)) as { reversed: number; owed: number };
      out.result(
        { paymentId: values.payment, ...r },
        `Dispute recorded for ${values.payment}: ${r.reversed} credits taken back${r.owed ? `, ${r.owed} owed` : ''}`,
      );
    },
  },
];
