-- New matches already e-mailed about (issue 14): each is mailed once, until the founder opens the
-- search (which makes them seen and clears this).
alter table saved_search_seen add column notified text[] not null default '{}';
