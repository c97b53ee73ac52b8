-- Refunds the ledger did not take at once (projection of RefundPending, RefundRetryFailed and
-- RefundLanded): what the background retry picks up and what operators see until it lands.
create table credit_pending_refunds (
  user_id text not null,
  reference text not null,
  reason text not null,
  status text not null,
  attempts integer not null default 0,
  last_error text not null,
  next_attempt_at timestamptz,
  created_at timestamptz not null,
  landed_at timestamptz,
  primary key (user_id, reference)
);
create index credit_pending_refunds_due on credit_pending_refunds (next_attempt_at) where status = 'pending';
