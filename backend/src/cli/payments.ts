import { isLocalCheckout } from '../modules/payments/local-checkout';
import type { CliCommand } from './command';

export const paymentCommands: CliCommand[] = [
  {
    name: 'payments refund',
    summary: '--payment ID [--amount CENTS]  (refund a purchase, all of it by default; the provider\'s webhook takes the credits back)',
    options: { payment: { type: 'string' }, amount: { type: 'string' } },
    async run(rt, { values }, out) {
      if (!values.payment) throw new Error('payments refund needs --payment (the receipt number on /credits)');
      const amount = values.amount === undefined ? undefined : Number(values.amount);
      if (amount !== undefined && !(Number.isSafeInteger(amount) && amount > 0)) throw new Error('--amount must be a whole number of cents above 0');
      const r = (await rt.services.payments.refund(values.payment, amount)) as { reversed: number; owed: number } | null;
      out.result({ paymentId: values.payment, provider: rt.services.payments.provider.kind, ...(r ?? {}) },
        r ? `Refunded ${values.payment}: ${r.reversed} credits taken back${r.owed ? `, ${r.owed} owed` : ''}` : `Refund sent to Stripe for ${values.payment}; its webhook takes the credits back`);
    },
  },
  {
    name: 'payments dispute',
    summary: '--payment ID  (local checkout only: the card holder disputes the payment; all its credits are taken back)',
    options: { payment: { type: 'string' } },
    async run(rt, { values }, out) {
      const provider = rt.services.payments.provider;
      if (!isLocalCheckout(provider)) throw new Error('Disputes come from the card holder\'s bank through Stripe; this only simulates one on the local checkout');
      const p = values.payment ? await rt.services.credits.findPayment({ paymentId: values.payment }) : null;
      if (!p?.paymentIntentId) throw new Error(values.payment ? `No purchase with payment id ${values.payment}` : 'payments dispute needs --payment');
      const r = (await provider.dispute({ paymentId: p.paymentId, paymentIntentId: p.paymentIntentId, amount: p.amountPaid ?? 0 }, async (payload, signature) => ({
        status: 200, body: await rt.services.payments.receive(Buffer.from(payload), signature),
      }))) as { reversed: number; owed: number };
      out.result({ paymentId: p.paymentId, ...r }, `Dispute recorded for ${p.paymentId}: ${r.reversed} credits taken back${r.owed ? `, ${r.owed} owed` : ''}`);
    },
  },
];
