-- Search index, Postgres adapter (projections/src/search/postgres.ts). Full-text matching on a
-- 'simple' tsvector of pre-normalised words (GIN), btree indexes for filters and for the one sort
-- order (sort key, id) compared byte-wise so that it equals Meilisearch's.
create table search_vc_firms (
  collection text not null,              -- 'vc' | 'test'
  id text not null,
  sort_key text collate "C" not null,
  tsv tsvector not null,
  country text,
  investor_type text,
  aum double precision,
  stages text[] not null default '{}',
  check_min integer,
  check_max integer,
  last_investment integer,               -- YYYYMMDD
  primary key (collection, id)
);
create index search_vc_order on search_vc_firms (collection, sort_key, id);
create index search_vc_tsv on search_vc_firms using gin (tsv);
create index search_vc_country on search_vc_firms (collection, country, sort_key, id);
create index search_vc_type on search_vc_firms (collection, investor_type, sort_key, id);
create index search_vc_aum on search_vc_firms (collection, aum);
create index search_vc_stages on search_vc_firms using gin (stages);
create index search_vc_last on search_vc_firms (collection, last_investment);

create table search_angels (
  id text primary key,
  sort_key text collate "C" not null,
  tsv tsvector not null,
  location text,
  investments integer not null,
  exits integer not null
);
create index search_angels_order on search_angels (sort_key, id);
create index search_angels_tsv on search_angels using gin (tsv);
create index search_angels_location on search_angels (location, sort_key, id);
create index search_angels_investments on search_angels (investments);
create index search_angels_exits on search_angels (exits);
