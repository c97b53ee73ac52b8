-- What a projection asked to happen outside its read model (a command to another module, a mail):
-- written in the batch's transaction with its rows and checkpoint, carried out after the commit on
-- connections of its own, deleted once done (projections/src/runtime.ts). A crash in between runs it
-- again: every effect is idempotent.
create table projection_effects (
  id bigserial primary key,
  projection text not null,
  kind text not null,
  payload jsonb not null,
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now()
);
create index projection_effects_by_projection on projection_effects (projection, id);
