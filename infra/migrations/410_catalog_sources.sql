-- Real investor data (issue 13). Imported firms live beside the generated ones in
-- catalog_vc_firms; a reload of the generated catalog replaces only the generated rows.
alter table catalog_vc_firms add column sourced boolean not null default false;

-- Per real source: records, last import (projection 'catalog').
create table catalog_sources (
  source text primary key,
  records integer not null,
  last_import_id text not null,
  last_import_at timestamptz not null,
  data_date text not null,
  file_name text not null
);

-- The search projection's own copy of the active imported firms' documents: put back into the
-- index after a reload of the generated catalog empties the 'vc' collection.
create table catalog_search_sourced (
  id text primary key,
  doc jsonb not null
);
