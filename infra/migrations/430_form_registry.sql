-- The registry of application forms (docs/catalog.md, "Registry of application forms"): read models of
-- the FirmFormChecked / FormDiscovery* events, kept by the 'catalog-forms' projection.

-- The latest check of each firm's website.
create table firm_forms (
  collection text not null,                -- 'vc' | 'test'
  firm_id text not null,
  outcome text not null,                   -- found | no_form | blocked | unreachable | robots_disallowed | reserved_domain | no_website
  url text,
  kind text,                               -- native | typeform | google_forms | hubspot | airtable | tally | jotform | other_embed
  fields jsonb not null default '[]',
  blockers text[] not null default '{}',
  detail text,
  checked_at timestamptz not null,
  run_id text not null,
  primary key (collection, firm_id)
);
create index firm_forms_checked on firm_forms (collection, checked_at);
create index firm_forms_run on firm_forms (run_id);

-- Discovery runs with their progress (counts by outcome of the firms checked so far).
create table form_discovery_runs (
  run_id text primary key,
  collection text not null,
  total integer not null,
  checked integer not null default 0,
  counts jsonb not null default '{}',
  requested_by text not null,
  started_at timestamptz not null,
  finished_at timestamptz
);
create index form_discovery_runs_recent on form_discovery_runs (started_at desc);

-- The firms of each run, and which of them it has checked: what a resumed run still has to visit.
create table form_discovery_targets (
  run_id text not null,
  firm_id text not null,
  position integer not null,
  checked boolean not null default false,
  primary key (run_id, firm_id)
);
create index form_discovery_targets_todo on form_discovery_targets (run_id, position) where not checked;

-- Search side: which firms accept online applications, so a re-imported firm keeps its flag in the index.
create table catalog_search_forms (
  collection text not null,
  id text not null,
  accepts_online boolean not null,
  primary key (collection, id)
);
