-- Deck alerts (issue 27, deck-links module): a link's first visit as an in-app notice, and each
-- founder's alert setting. Read models of the deck-link-<linkId> and deck-alerts-<userId> streams:
-- `projections rebuild deck_notifications` replays them.
create table deck_notifications (
  -- one notice per link: its first visit
  link_id text primary key,
  user_id text not null,
  visit_id text not null,
  investor_id text,
  investor_kind text,
  email text,
  at timestamptz not null
);
create index deck_notifications_user on deck_notifications (user_id, at desc);

create table deck_alert_settings (
  user_id text primary key,
  first_visit_email boolean not null default true,
  -- the in-app notices up to this time were seen
  seen_until timestamptz
);
