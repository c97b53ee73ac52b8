import { sql } from 'kysely';
import Stripe from 'stripe';
import type { ReversalKind } from '@fp/contracts';
import type { PaymentsContext } from './context';
import { DomainError, type CommandMeta } from '../../platform/decider';
import { resolvePurchase } from '../credits/index';

export const PAYMENT_ACTOR = 'payment:stripe';

/** Why a verified event credits nothing (answered 200 so the provider does not retry it). */
type Ignored = { received: true; ignored: string };
type Purchase = {
  userId: string;
  paymentId: string;
  product: string | null;
  subtotal: number | null;
  currency: string | null;
  subscriptionId: string | null;
  paymentIntentId: string | null;
  invoiceId: string | null;
};
/** What a refund or dispute names of the payment it concerns (Stripe's shapes vary by API version). */
export type ChargeRefs = { paymentIntentId: string | null; chargeId: string | null; invoiceId: string | null };

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));
/**
 * Fields an endpoint on an API version before 2025-03-31 still receives (Stripe then moved them to
 * InvoicePayment objects): the invoice a charge paid, and the intent and charge that paid an invoice.
 */
type Legacy = {
  invoice?: string | { id: string } | null;
  payment_intent?: string | { id: string } | null;
  charge?: string | { id: string } | null;
  subscription?: string | { id: string } | null;
};
const legacy = (o: object) => o as Legacy;

/**
 * One verified provider event. Purchases credit the ledger once per payment (the user from the
 * `client_reference_id` the checkout carried, or for a yearly renewal the subscription of the first
 * payment; credits from the price list) and mail a receipt; refunds, chargebacks and disputes take
 * the credits back (what was spent is owed). A payment or event seen before changes nothing.
 */
export async function receivePaymentEvent(ctx: PaymentsContext, raw: Buffer, signature: string | undefined) {
  const secret = ctx.provider.webhookSecret;
  if (!secret) throw new DomainError('Payments are not configured', 503, 'payments_not_configured');
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error('missing signature');
    event = Stripe.webhooks.constructEvent(raw, signature, secret);
  } catch {
    throw new DomainError('Invalid signature', 400, 'invalid_signature');
  }
  const meta: CommandMeta = { now: ctx.clock.now(), actor: PAYMENT_ACTOR, correlationId: event.id };

  let purchase: Purchase | Ignored;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = event.data.object;
      // A delayed payment method completes the session unpaid; its async_payment_succeeded event credits it.
      if (s.payment_status !== 'paid') {
        purchase = { received: true, ignored: `payment status ${s.payment_status}` };
        break;
      }
      const userId = s.client_reference_id;
      if (!userId || !(await ctx.accounts.isRegistered(userId)))
        throw new DomainError('No user matches the payment reference', 422, 'unknown_user');
      // Payment mode names its payment intent; subscription mode (the plans) has none, but its
      // subscription and first invoice, which is what a later refund's charge paid.
      purchase = {
        userId,
        paymentId: s.id,
        product: s.metadata?.product ?? null,
        subtotal: s.amount_subtotal,
        currency: s.currency,
        subscriptionId: idOf(s.subscription),
        paymentIntentId: idOf(s.payment_intent),
        invoiceId: idOf(s.invoice),
      };
      break;
    }
    case 'invoice.paid': {
      const inv = event.data.object;
      const subscriptionId = idOf(inv.parent?.subscription_details?.subscription ?? legacy(inv).subscription);
      if (inv.id)
        await linkInvoice(ctx, inv.id, subscriptionId, [idOf(legacy(inv).payment_intent), idOf(legacy(inv).charge)]);
      // The first invoice of a subscription is paid through its checkout session, credited above.
      if (inv.billing_reason !== 'subscription_cycle') {
        purchase = { received: true, ignored: `billing reason ${inv.billing_reason}` };
        break;
      }
      const row = subscriptionId
        ? await ctx.db
            .selectFrom('credit_subscriptions')
            .select(['user_id', 'product_id'])
            .where('subscription_id', '=', subscriptionId)
            .executeTakeFirst()
        : undefined;
      if (!row || !inv.id) throw new DomainError('No user matches the subscription', 422, 'unknown_subscription');
      purchase = {
        userId: row.user_id,
        paymentId: inv.id,
        product: row.product_id,
        subtotal: inv.subtotal,
        currency: inv.currency,
        subscriptionId,
        paymentIntentId: idOf(legacy(inv).payment_intent),
        invoiceId: inv.id,
      };
      break;
    }
    case 'invoice_payment.paid': {
      // From API 2025-03-31 on, the only event that says which payment intent (or charge) paid an invoice.
      const p = event.data.object;
      const invoiceId = idOf(p.invoice);
      if (!invoiceId) return { received: true, ignored: 'invoice payment without an invoice' };
      const linked = await linkInvoice(ctx, invoiceId, null, [idOf(p.payment.payment_intent), idOf(p.payment.charge)]);
      return { received: true, linked };
    }
    case 'charge.refunded': {
      const c = event.data.object;
      const refs = { paymentIntentId: idOf(c.payment_intent), chargeId: c.id, invoiceId: idOf(legacy(c).invoice) };
      return reverse(
        ctx,
        event.id,
        refs,
        'refund',
        (credits) => Math.round((credits * c.amount_refunded) / Math.max(1, c.amount)),
        meta,
      );
    }
    case 'charge.dispute.created':
    case 'charge.dispute.funds_withdrawn': {
      const d = event.data.object;
      const refs = { paymentIntentId: idOf(d.payment_intent), chargeId: idOf(d.charge), invoiceId: null };
      // A dispute withdraws the whole payment from us: all its credits go back (a won dispute is re-granted by an operator).
      return reverse(
        ctx,
        event.id,
        refs,
        d.reason === 'fraudulent' ? 'chargeback' : 'dispute',
        (credits) => credits,
        meta,
      );
    }
    default:
      purchase = { received: true, ignored: `event type ${event.type}` };
  }
  if ('ignored' in purchase) return purchase;

  const resolved = resolvePurchase({
    product: purchase.product,
    amountSubtotal: purchase.subtotal,
    currency: purchase.currency,
  });
  if (!resolved.ok) throw new DomainError(resolved.error, 422, 'unknown_product');
  const r = await ctx.credits.purchase(
    purchase.userId,
    {
      amount: resolved.credits,
      paymentId: purchase.paymentId,
      productId: resolved.productId,
      reason: resolved.reason,
      providerEventId: event.id,
      quantity: resolved.quantity,
      subscriptionId: purchase.subscriptionId,
      paymentIntentId: purchase.paymentIntentId,
      invoiceId: purchase.invoiceId,
      amountPaid: purchase.subtotal,
      currency: purchase.currency,
    },
    meta,
  );
  if (r.changed)
    await ctx.receipts.send(
      purchase.userId,
      {
        paymentId: purchase.paymentId,
        product: resolved.reason,
        credits: resolved.credits,
        amountPaid: purchase.subtotal ?? 0,
      },
      meta,
    );
  // The founder's next look at their balance should show the purchase.
  await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
  return { received: true, credited: r.changed ? resolved.credits : 0, duplicate: !r.changed };
}

/** Records which invoice (and subscription) a payment intent or charge paid; answers how many links were new. */
async function linkInvoice(
  ctx: Pick<PaymentsContext, 'db'>,
  invoiceId: string,
  subscriptionId: string | null,
  refs: Array<string | null>,
) {
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
export async function findPurchaseOf(ctx: Pick<PaymentsContext, 'db' | 'credits' | 'provider'>, refs: ChargeRefs) {
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
      await linkInvoice(ctx, invoiceId, asked.subscriptionId, paid);
      payment = await find();
    }
  }
  return payment;
}

/** Takes back what a refund or dispute covers of the payment its charge belongs to. */
async function reverse(
  ctx: PaymentsContext,
  eventId: string,
  refs: ChargeRefs,
  reversal: ReversalKind,
  covered: (credits: number) => number,
  meta: CommandMeta,
) {
  const payment = await findPurchaseOf(ctx, refs);
  if (!payment) throw new DomainError('No purchase matches the payment', 422, 'unknown_payment');
  const label = { refund: 'Refund', chargeback: 'Chargeback', dispute: 'Dispute' }[reversal];
  const r = await ctx.credits.reverse(
    payment.userId,
    {
      paymentId: payment.paymentId,
      reversedTotal: covered(payment.credits),
      reversal,
      providerEventId: eventId,
      reason: `${label} of payment ${payment.paymentId}`,
    },
    meta,
  );
  await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
  const taken = r.events.reduce((n, e) => n + (e.type === 'CreditsReversed' ? -e.data.amount : 0), 0);
  const owed = r.events.reduce((n, e) => (e.type === 'CreditsReversed' ? e.data.owedAfter : n), 0);
  return { received: true, reversed: taken, owed, duplicate: !r.changed };
}
