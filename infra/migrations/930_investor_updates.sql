-- Investor updates (issue 27 item 5, investor-updates module). Read models of the
-- investor-update-<id> streams: `projections rebuild investor_updates` replays them.
create table investor_updates (
  id text primary key,
  user_id text not null,
  status text not null,
  subject text not null,
  content jsonb not null,
  recipients jsonb not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  sent_at timestamptz,
  skipped jsonb not null default '[]'
);
create index investor_updates_user on investor_updates (user_id, created_at desc);

-- One row per recipient of a sent update: its message (mail_messages.id) and deck link (deck_links.id).
create table investor_update_recipients (
  update_id text not null,
  user_id text not null,
  email text not null,
  name text,
  investor_id text,
  investor_kind text,
  message_id text not null,
  deck_link_id text,
  primary key (update_id, email)
);
create index investor_update_recipients_user on investor_update_recipients (user_id);
