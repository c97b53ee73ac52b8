-- Issue 22: refunds and disputes of subscription-mode purchases. A plan's Checkout Session has no
-- payment intent (Stripe sets `subscription` and `invoice` instead), so a purchase is also found by
-- its invoice; the charge and payment intent that paid an invoice arrive in separate events
-- (invoice_payment.paid, or invoice.paid on API versions before 2025-03-31) and are kept here.
alter table credit_payments add column invoice_id text;
alter table credit_payments add column subscription_id text;
create index credit_payments_invoice on credit_payments (invoice_id) where invoice_id is not null;

-- What the payment provider told us paid an invoice: `ref` is a payment intent (pi_…) or a charge
-- (ch_…) that paid `invoice_id`, or the invoice itself (its subscription). Written by the webhook
-- (not a projection: these are the provider's facts about its own objects, like
-- local_checkout_sessions), idempotently; refunds and disputes name the intent or charge.
create table payment_invoice_links (
  ref text primary key,
  invoice_id text not null,
  subscription_id text,
  linked_at timestamptz not null default now()
);
create index payment_invoice_links_invoice on payment_invoice_links (invoice_id);

-- The local checkout keeps what Stripe would create when a session is paid: in subscription mode a
-- subscription and its first invoice; in both modes the charge that refunds and disputes name.
alter table local_checkout_sessions add column mode text;
alter table local_checkout_sessions add column subscription_id text;
alter table local_checkout_sessions add column invoice_id text;
alter table local_checkout_sessions add column charge_id text;
