-- Every field of an attempt's form left empty (a box left unticked, an upload of a document not held…)
-- and why: the submission details and the proof account for every field, not only those filled.
alter table submissions add column not_sent jsonb not null default '[]'::jsonb;
