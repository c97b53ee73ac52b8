-- Per-link figures kept by the deck_links projection (docs/deck-links.md, "Figures"): the link list
-- (the Deck page and the pipeline cards) reads them from the link's row instead of grouping every
-- visit and every visit's pages on each request (1.9 s p95 at 10,000 visits on a loaded machine).
alter table deck_links
  add column visits integer not null default 0,
  add column total_seconds double precision not null default 0,
  add column last_visit_at timestamptz;

-- The pages of a link that some visit saw for at least 1 s (their count is the link's "pages viewed").
create table deck_link_pages (
  link_id text not null,
  page integer not null,
  primary key (link_id, page)
);

update deck_links l set visits = v.visits, total_seconds = v.total_seconds, last_visit_at = v.last_visit_at
  from (select link_id, count(*) as visits, sum(total_seconds) as total_seconds, max(started_at) as last_visit_at
        from deck_visits group by link_id) v
  where v.link_id = l.id;
insert into deck_link_pages (link_id, page)
  select distinct v.link_id, p.page from deck_visits v join deck_visit_pages p on p.visit_id = v.visit_id where p.seconds >= 1;

-- "Readers this week" on the Deck page: the founder's visits since a date, their links read from the index.
create index deck_visits_user_started on deck_visits (user_id, started_at) include (link_id);
