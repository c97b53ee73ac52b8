-- Runs paused for the founder's answers (issue 15): which run of the attempt comes next (phase),
-- the questions asked, and until when the pause lasts.
alter table submissions add column input_phase integer not null default 0;
alter table submissions add column input_questions jsonb;
alter table submissions add column input_deadline timestamptz;
create index submissions_waiting on submissions (input_deadline) where sub_status = 'waiting_for_input';
