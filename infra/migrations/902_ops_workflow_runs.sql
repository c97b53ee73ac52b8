-- The operators' workflow console (issue 18) pages submission runs over every founder, newest first,
-- optionally by status: keyset scans on these.
create index submissions_recent_all on submissions (submitted_at desc, id desc);
create index submissions_status_recent on submissions (status, submitted_at desc, id desc);
