-- Event store (embedded default). One row per stream holds its position for optimistic concurrency;
-- events carry a global sequence and the id of the transaction that wrote them, so that readers of the
-- global log can take only events whose transaction has finished (see infra/src/eventstore/postgres.ts).
create table es_streams (
  stream_id text primary key,
  stream_position bigint not null,
  updated_at timestamptz not null default now()
);

create sequence es_global_seq;

create table es_events (
  global_position bigint primary key default nextval('es_global_seq'),
  transaction_id xid8 not null default pg_current_xact_id(),
  stream_id text not null,
  stream_position bigint not null,
  event_id uuid not null unique,
  type text not null,
  data jsonb not null,
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  unique (stream_id, stream_position)
);
create index es_events_global_order on es_events (transaction_id, global_position);
create index es_events_type_order on es_events (type, transaction_id, global_position);

-- Projection checkpoints: written in the same transaction as the read-model rows they cover.
create table projection_checkpoints (
  name text primary key,
  checkpoint text,
  applied bigint not null default 0,
  status text not null default 'running',
  error text,
  updated_at timestamptz not null default now()
);
