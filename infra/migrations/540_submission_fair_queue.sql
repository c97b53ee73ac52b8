-- The fair queue (docs/submissions.md, "Fair queue and paused runs"): each dispatch records whose
-- run it is and which worker's dispatcher handed it to the engine, and whether the run holds a
-- worker slot now (true from dispatch until it pauses for its founder or ends; true again when
-- handed back). The dispatcher counts its runs' slots per founder from here, without waiting for
-- the read model.
alter table submission_dispatches
  add column dispatcher text,
  add column user_id text,
  add column submission_id text,
  add column holds_slot boolean not null default false;

create index submission_dispatches_slots on submission_dispatches (dispatcher, user_id) where holds_slot;
