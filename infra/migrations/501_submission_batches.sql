-- Per founder, the applications under way and how the ones finished since the last
-- "applications finished" e-mail went (the notifier's own state; rebuildable from the log).
create table submission_batches (
  user_id text primary key,
  open integer not null default 0,
  total integer not null default 0,
  delivered integer not null default 0,
  failed integer not null default 0,
  refunded integer not null default 0
);
create table submission_batch_members (
  submission_id text primary key,
  user_id text not null
);
