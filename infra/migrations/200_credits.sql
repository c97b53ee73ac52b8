-- Credit ledger read models (projection of the credits-<userId> streams).
create table credit_accounts (
  user_id text primary key,
  balance integer not null check (balance >= 0),
  events integer not null default 0,
  updated_at timestamptz not null
);

create table credit_movements (
  event_id uuid primary key,
  user_id text not null,
  stream_position bigint not null,
  kind text not null,            -- granted | purchased | spent | refunded
  amount integer not null,       -- signed: + for credit in, - for credit out
  balance_after integer not null,
  reason text not null,
  actor text not null,
  reference text,
  occurred_at timestamptz not null,
  unique (user_id, stream_position)
);
create index credit_movements_user on credit_movements (user_id, stream_position);
