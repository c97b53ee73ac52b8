-- Purchases as founders and the refund/dispute webhooks read them (projection of CreditsPurchased
-- and CreditsReversed), and what a reversal left owed per account.
alter table credit_accounts add column owed integer not null default 0;

create table credit_payments (
  payment_id text primary key,
  user_id text not null,
  product_id text not null,
  reason text not null,
  credits integer not null,
  amount_paid integer,
  currency text,
  payment_intent_id text,
  reversed_credits integer not null default 0,
  last_reversal text,
  purchased_at timestamptz not null
);
create index credit_payments_user on credit_payments (user_id, purchased_at desc);
create index credit_payments_intent on credit_payments (payment_intent_id) where payment_intent_id is not null;
