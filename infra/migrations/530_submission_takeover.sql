-- Taking over the live browser (issue 15, part 3): while a run waits for the founder in the live
-- view (sub-status waiting_for_takeover) the row says why and until when; every takeover of the
-- attempt (how it ended, who controlled, when, how long) is kept for the details dialog.
alter table submissions add column takeover_reason text;
alter table submissions add column takeover_message text;
alter table submissions add column takeover_deadline timestamptz;
alter table submissions add column takeovers jsonb not null default '[]'::jsonb;
