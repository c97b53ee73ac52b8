-- Per-deck-version figures (issue 27, deck-links module), kept by the deck_links projection as visits
-- and page reports arrive, so the founder's deck page reads a few rows per page instead of every
-- visit (p95 223 ms at 10,000 visits before). A rebuild of deck_links recomputes them; the backfill
-- below fills them from the visits already projected.

-- How far each visit got: the furthest page it showed (never goes back).
alter table deck_visits add column reach integer not null default 0;

-- One row per founder × deck version: visits to it and its length as viewers' browsers counted it.
create table deck_version_stats (
  user_id text not null,
  deck_id text not null,
  visits integer not null default 0,
  page_count integer,
  last_visit_at timestamptz,
  primary key (user_id, deck_id)
);

-- Links (readers) that opened a version at least once.
create table deck_version_readers (
  user_id text not null,
  deck_id text not null,
  link_id text not null,
  primary key (user_id, deck_id, link_id)
);

-- Per page of a version: visible seconds over all its visits, and how many visits reached the page.
create table deck_version_pages (
  user_id text not null,
  deck_id text not null,
  page integer not null,
  seconds double precision not null default 0,
  reached integer not null default 0,
  primary key (user_id, deck_id, page)
);

update deck_visits v set reach = greatest(coalesce(v.last_page, 0), coalesce((select max(p.page) from deck_visit_pages p where p.visit_id = v.visit_id), 0));
insert into deck_version_stats (user_id, deck_id, visits, page_count, last_visit_at)
  select user_id, deck_id, count(*), max(page_count), max(started_at) from deck_visits group by user_id, deck_id;
insert into deck_version_readers (user_id, deck_id, link_id)
  select distinct user_id, deck_id, link_id from deck_visits;
insert into deck_version_pages (user_id, deck_id, page, reached)
  select v.user_id, v.deck_id, g.page, count(*) from deck_visits v cross join lateral generate_series(1, v.reach) as g(page) group by 1, 2, 3;
insert into deck_version_pages (user_id, deck_id, page, seconds)
  select v.user_id, v.deck_id, p.page, sum(p.seconds) from deck_visit_pages p join deck_visits v on v.visit_id = p.visit_id group by 1, 2, 3
  on conflict (user_id, deck_id, page) do update set seconds = excluded.seconds;
