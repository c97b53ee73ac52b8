-- Tracked deck links and their visits (issue 27, deck-links module). Read models of the
-- deck-link-<linkId> streams: `projections rebuild deck_links` replays them.
create table deck_links (
  id text primary key,
  user_id text not null,
  token text not null unique,
  investor_id text,
  investor_kind text,
  email text,
  require_email boolean not null,
  allow_download boolean not null,
  expires_at timestamptz,
  -- the hash only (scrypt), checked by the viewer's API; never sent to a browser
  passcode_hash text,
  watermark boolean not null,
  enabled boolean not null,
  source text not null,
  submission_id text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  -- pages as the last viewer's browser counted them
  page_count integer
);
create index deck_links_user on deck_links (user_id, created_at desc);
create index deck_links_investor on deck_links (user_id, investor_kind, investor_id);

create table deck_visits (
  visit_id text primary key,
  link_id text not null,
  user_id text not null,
  deck_id text not null,
  email text,
  started_at timestamptz not null,
  last_at timestamptz not null,
  last_page integer,
  -- pages of the deck as this viewer's browser counted them
  page_count integer,
  total_seconds double precision not null default 0,
  downloaded boolean not null default false
);
create index deck_visits_link on deck_visits (link_id, started_at);
create index deck_visits_user on deck_visits (user_id, deck_id, started_at);

-- Visible seconds per page of each visit.
create table deck_visit_pages (
  visit_id text not null,
  page integer not null,
  seconds double precision not null,
  primary key (visit_id, page)
);
