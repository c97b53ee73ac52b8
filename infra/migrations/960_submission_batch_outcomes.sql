-- Issue 24: the "applications finished" e-mail counts each application once, by how it ended.
-- A member is in the open batch until its mail goes; a retry brings it back (same application,
-- not an extra one) with its outcome cleared. Counts come from these rows, not from counters.
alter table submission_batch_members add column outcome text;
alter table submission_batch_members add column in_batch boolean not null default true;
create index submission_batch_members_open on submission_batch_members (user_id) where in_batch;
