-- Pipeline (CRM board) read model: one row per card on a founder's board (projection of the
-- pipeline-<userId> streams). Removed cards are deleted.
create table pipeline_cards (
  id text primary key,
  user_id text not null,
  investor_id text not null,
  investor_kind text not null,
  name text not null,
  stage text not null,
  notes text,
  next_follow_up date,
  pass_reason text,
  introduced_by text,
  amount double precision,
  submission_ids text[] not null default '{}',
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index pipeline_cards_user on pipeline_cards (user_id, updated_at desc);
create index pipeline_cards_follow_up on pipeline_cards (user_id, next_follow_up) where next_follow_up is not null;

-- The submissions the pipeline's process manager has seen requested: which founder and firm each
-- is for, so that its completion can move the right card (SubmissionCompleted carries only ids).
create table pipeline_submission_firms (
  submission_id text primary key,
  user_id text not null,
  firm_id text not null,
  firm_name text not null
);
