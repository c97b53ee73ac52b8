-- Investor catalog read models (projection 'catalog'). One row per record; the record is kept as
-- the JSON the API answers with, so list and detail answers never drift from the events.
create table catalog_vc_firms (
  id text primary key,
  sort_key text collate "C" not null,
  record jsonb not null
);
create table catalog_test_firms (
  id text primary key,
  sort_key text collate "C" not null,
  record jsonb not null
);
create table catalog_angels (
  id text primary key,
  sort_key text collate "C" not null,
  record jsonb not null
);
create index catalog_angels_order on catalog_angels (sort_key, id);

-- The import each scope currently shows ('vc', 'angels'; 'test' holds the sandbox address).
create table catalog_imports (
  scope text primary key,
  import_id text not null,
  expected integer,
  loaded integer not null default 0,
  completed boolean not null default false,
  updated_at timestamptz not null default now()
);
-- The same, for the search projection (it may run ahead of or behind the read models).
create table catalog_search_imports (
  scope text primary key,
  import_id text not null,
  loaded integer not null default 0,
  updated_at timestamptz not null default now()
);
