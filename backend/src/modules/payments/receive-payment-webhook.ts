import { sql } from 'kysely';
import type { PaymentsContext } from './context';
import { DomainError, type CommandMeta } from '../../platform/decider';
import {
  decidePaymentEvent,
  purchaseInputOf,
  reversedTotalOf,
  REVERSAL_LABEL,
  verifyPaymentEvent,
  type ChargeRefs,
  type InvoiceLink,
  type PaymentDecision,
  type Purchase,
} from './payment-event-decision';

export const PAYMENT_ACTOR = 'payment:stripe';

/**
 * One provider event: its signature checked, then what it asks decided from the event alone
 * (`payment-event-decision.ts`) and carried out. Purchases credit the ledger once per payment (the
 * user from the `client_reference_id` the checkout carried, or for a yearly renewal the
 * subscription of the first payment; credits from the price list) and mail a receipt; refunds,
 * chargebacks and disputes take the credits back (what was spent is owed). A payment or event seen
 * before changes nothing.
 */
export async function receivePaymentEvent(ctx: PaymentsContext, raw: Buffer, signature: string | undefined) {
  const secret = ctx.provider.webhookSecret;
  if (!secret) throw new DomainError('Payments are not configured', 503, 'payments_not_configured');
  const event = verifyPaymentEvent(raw, signature, secret);
  const meta: CommandMeta = { now: ctx.clock.now(), actor: PAYMENT_ACTOR, correlationId: event.id };

  const decision = decidePaymentEvent(event);
  let userId: string;
  let purchase: Omit<Purchase, 'userId'>;
  switch (decision.kind) {
    case 'ignored':
      return { received: true, ignored: decision.reason };
    case 'link': {
      const linked = decision.link ? await linkInvoice(ctx, decision.link) : 0;
      return decision.then === 'linked' ? { received: true, linked } : { received: true, ...decision.then };
    }
    case 'reverse':
      return reverse(ctx, event.id, decision, meta);
    case 'purchase': {
      const buyer = decision.purchase.userId;
      if (!buyer || !(await ctx.accounts.isRegistered(buyer)))
        throw new DomainError('No user matches the payment reference', 422, 'unknown_user');
      userId = buyer;
      purchase = decision.purchase;
      break;
    }
    case 'renewal': {
      if (decision.link) await linkInvoice(ctx, decision.link);
      const subscriptionId = decision.purchase.subscriptionId;
      const row = subscriptionId
        ? await ctx.db
            .selectFrom('credit_subscriptions')
            .select(['user_id', 'product_id'])
            .where('subscription_id', '=', subscriptionId)
            .executeTakeFirst()
        : undefined;
      if (!row) throw new DomainError('No user matches the subscription', 422, 'unknown_subscription');
      userId = row.user_id;
      purchase = { ...decision.purchase, product: row.product_id };
      break;
    }
  }

  const input = purchaseInputOf(purchase, event.id);
  const r = await ctx.credits.purchase(userId, input, meta);
  if (r.changed)
    await ctx.receipts.send(
      userId,
      { paymentId: input.paymentId, product: input.reason, credits: input.amount, amountPaid: purchase.subtotal ?? 0 },
      meta,
    );
  // The founder's next look at their balance should show the purchase.
  await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
  return { received: true, credited: r.changed ? input.amount : 0, duplicate: !r.changed };
}

/** Records which invoice (and subscription) a payment intent or charge paid; answers how many links were new. */
async function linkInvoice(ctx: Pick<PaymentsContext, 'db'>, { invoiceId, subscriptionId, refs }: InvoiceLink) {
  const rows = [...new Set([...refs.filter((r): r is string => !!r), ...(subscriptionId ? [invoiceId] : [])])].map(
    (ref) => ({ ref, invoice_id: invoiceId, subscription_id: subscriptionId }),
  );
  if (!rows.length) return 0;
  const r = await ctx.db
    .insertInto('payment_invoice_links')
    .values(rows)
    .onConflict((oc) =>
      oc.column('ref').doUpdateSet({
        subscription_id: sql`coalesce(payment_invoice_links.subscription_id, excluded.subscription_id)`,
      }),
    )
    .returning('ref')
    .execute();
  return r.length;
}

/** The payment intent an invoice event said paid `invoiceId` (null when none has, or only a charge). */
export async function intentOfInvoice(ctx: Pick<PaymentsContext, 'db'>, invoiceId: string) {
  const row = await ctx.db
    .selectFrom('payment_invoice_links')
    .select('ref')
    .where('invoice_id', '=', invoiceId)
    .where('ref', 'like', 'pi\\_%')
    .orderBy('linked_at', 'desc')
    .executeTakeFirst();
  return row?.ref ?? null;
}

/**
 * The purchase a refund or dispute concerns. A one-time purchase is found by its payment intent; a
 * plan (subscription mode, no intent at checkout) by the invoice its charge paid: named on the
 * charge (API versions before 2025-03-31), linked by an earlier invoice event, or, failing both,
 * asked of the provider. A subscription whose checkout named no invoice is the last resort.
 */
async function findPurchaseOf(ctx: Pick<PaymentsContext, 'db' | 'credits' | 'provider'>, refs: ChargeRefs) {
  const paid = [refs.paymentIntentId, refs.chargeId].filter((r): r is string => !!r);
  const links = paid.length
    ? await ctx.db
        .selectFrom('payment_invoice_links')
        .select(['ref', 'invoice_id', 'subscription_id'])
        .where('ref', 'in', paid)
        .execute()
    : [];
  let invoiceId = refs.invoiceId ?? links[0]?.invoice_id ?? null;
  const find = async () => {
    const sub = invoiceId
      ? ((
          await ctx.db
            .selectFrom('payment_invoice_links')
            .select('subscription_id')
            .where('ref', '=', invoiceId)
            .executeTakeFirst()
        )?.subscription_id ?? null)
      : null;
    return ctx.credits.findPayment({
      paymentIntentId: refs.paymentIntentId,
      invoiceId,
      subscriptionId: sub ?? links.find((l) => l.subscription_id)?.subscription_id ?? null,
    });
  };
  let payment = refs.paymentIntentId || invoiceId ? await find() : null;
  if (!payment && ctx.provider.invoiceOf && paid.length) {
    const asked = await ctx.provider.invoiceOf({ paymentIntentId: refs.paymentIntentId, chargeId: refs.chargeId });
    if (asked) {
      invoiceId = asked.invoiceId;
      await linkInvoice(ctx, { invoiceId, subscriptionId: asked.subscriptionId, refs: paid });
      payment = await find();
    }
  }
  return payment;
}

/** Takes back what a refund or dispute covers of the payment its charge belongs to. */
async function reverse(
  ctx: PaymentsContext,
  eventId: string,
  decision: Extract<PaymentDecision, { kind: 'reverse' }>,
  meta: CommandMeta,
) {
  const payment = await findPurchaseOf(ctx, decision.refs);
  if (!payment) throw new DomainError('No purchase matches the payment', 422, 'unknown_payment');
  const r = await ctx.credits.reverse(
    payment.userId,
    {
      paymentId: payment.paymentId,
      reversedTotal: reversedTotalOf(decision.share, payment.credits),
      reversal: decision.reversal,
      providerEventId: eventId,
      reason: `${REVERSAL_LABEL[decision.reversal]} of payment ${payment.paymentId}`,
    },
    meta,
  );
  await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
  const taken = r.events.reduce((n, e) => n + (e.type === 'CreditsReversed' ? -e.data.amount : 0), 0);
  const owed = r.events.reduce((n, e) => (e.type === 'CreditsReversed' ? e.data.owedAfter : n), 0);
  return { received: true, reversed: taken, owed, duplicate: !r.changed };
}
