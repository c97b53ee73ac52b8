-- The operators' workflow console (issue 18) pages the mail job's messages newest first, optionally
-- by status or recipient: keyset scans on these.
create index mail_messages_recent_all on mail_messages (queued_at desc, id desc);
create index mail_messages_status_recent on mail_messages (status, queued_at desc, id desc);
