-- The embedded checkout's own sessions (the local stand-in for Stripe Checkout Sessions; Stripe
-- keeps its own). Paying one sends a signed webhook to the app, like Stripe does.
create table local_checkout_sessions (
  id text primary key,
  user_id text not null,
  email text,
  product_id text not null,
  product_name text not null,
  quantity integer not null,
  credits integer not null,
  amount integer not null,
  currency text not null,
  success_url text not null,
  cancel_url text not null,
  status text not null default 'open',
  payment_intent_id text not null,
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  refunded integer not null default 0
);
create index local_checkout_sessions_user on local_checkout_sessions (user_id, created_at desc);
