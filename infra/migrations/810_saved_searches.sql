-- Saved searches (issue 16). The read model of the saved-searches-<userId> streams.
create table saved_searches (
  id text primary key,
  user_id text not null,
  name text not null,
  kind text not null,
  query jsonb not null,
  created_at timestamptz not null,
  last_opened_at timestamptz not null
);
create index saved_searches_user on saved_searches (user_id, created_at);

-- What each saved search matched when the founder last saved or opened it: the investors matching
-- now and not in this list are its new matches. Not a projection (it is what the founder has seen,
-- written when they open the search), so a rebuild of the projections keeps it.
create table saved_search_seen (
  search_id text primary key,
  ids text[] not null,
  seen_at timestamptz not null
);
