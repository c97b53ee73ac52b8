-- The founder's answer library (issue 15): the read model of the answers-<userId> streams.
create table profile_answers (
  id text primary key,
  user_id text not null,
  question text not null,
  answer text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index profile_answers_user on profile_answers (user_id, created_at);
