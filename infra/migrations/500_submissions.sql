-- Submissions read model (projection of the submission-<id> streams): one row per submission,
-- showing its latest attempt.
create table submissions (
  id text primary key,
  user_id text not null,
  vc_firm_id text not null,
  test boolean not null,
  firm_name text not null,
  firm_location text,
  firm_investor_type text,
  firm_description text,
  firm_website text,
  status text not null,            -- pending | processing | completed | failed | stopped
  sub_status text,                 -- submitted | form_filled | navigating | error | stopped
  attempt_id text not null,
  attempt integer not null default 1,
  task_id text,
  engine text,
  live_view boolean not null default false,
  stop_requested boolean not null default false,
  summary text,
  ai_recap text,
  error text,
  error_code text,
  confirmation_text text,
  fields_filled jsonb not null default '[]'::jsonb,
  screenshot boolean not null default false,
  final_url text,
  credit_refunded boolean not null default false,
  submitted_at timestamptz not null,
  started_at timestamptz,
  completed_at timestamptz,
  updated_at timestamptz not null
);
create index submissions_user_recent on submissions (user_id, submitted_at desc, id);
create index submissions_user_firm on submissions (user_id, vc_firm_id);
create index submissions_active on submissions (status, submitted_at) where status in ('pending', 'processing');
create index submissions_attempt on submissions (attempt_id);

-- Proof screenshots of attempts (not a projection: written by the worker, read by the owner).
create table submission_proofs (
  attempt_id text primary key,
  submission_id text not null,
  user_id text not null,
  png bytea not null,
  created_at timestamptz not null default now()
);

-- The latest screen of running attempts, for live viewers served by another process than the
-- worker that runs the browser (split roles). Rows are removed when the attempt ends.
create table submission_live (
  attempt_id text primary key,
  submission_id text not null,
  step text,
  frame bytea,
  updated_at timestamptz not null default now()
);

-- Which attempts were handed to the workflow engine (the dispatcher's outbox bookkeeping).
create table submission_dispatches (
  attempt_id text primary key,
  engine text not null,
  dispatched_at timestamptz not null default now()
);
