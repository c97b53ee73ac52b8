-- Ledger audit runs started from the operators' screens (issue 18).
-- ops_audit_runs is the projection of the ledger-audit-* streams: who asked, when, the result.
create table ops_audit_runs (
  id text primary key,
  requested_by text not null,
  requested_at timestamptz not null,
  status text not null,               -- running | done | failed
  finished_at timestamptz,
  ok boolean,
  streams int,
  events bigint,
  problems int,
  ms int,
  findings jsonb not null default '[]',
  findings_omitted int not null default 0,
  error text
);
create index ops_audit_runs_recent on ops_audit_runs (requested_at desc);

-- The audit job's working state, not a projection: the lease of the worker running a run (a lost
-- worker's lease runs out and another takes the run over) and its progress.
create table ops_audit_jobs (
  run_id text primary key,
  lease_until timestamptz not null,
  done bigint not null default 0,
  total bigint,
  attempts int not null default 1
);

-- Every ledger a finished run checked (the CSV download), written by the job before it records
-- the result; a run taken over rewrites its rows.
create table ops_audit_rows (
  run_id text not null,
  user_id text not null,
  events int not null,
  replayed bigint not null,
  read_model bigint,
  read_model_events int,
  status text not null,
  problem text,
  primary key (run_id, user_id)
);
