-- Outgoing e-mail (projection of Mail* events). The delivery worker picks queued rows whose
-- next_attempt_at has come; locked_until is its short lease so two workers never send one message.
create table mail_messages (
  id text primary key,
  to_email text not null,
  user_id text,
  template text not null,
  category text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  headers jsonb not null default '{}',
  status text not null default 'queued',
  attempts int not null default 0,
  last_error text,
  queued_at timestamptz not null,
  sent_at timestamptz,
  next_attempt_at timestamptz not null,
  locked_until timestamptz
);
create index mail_messages_due on mail_messages (next_attempt_at) where status in ('queued', 'retrying');
create index mail_messages_to on mail_messages (lower(to_email), queued_at desc);
create index mail_messages_queued on mail_messages (queued_at desc);

-- Addresses that asked for no more notification e-mails (projection of MailUnsubscribed).
create table mail_optouts (
  email text not null,
  category text not null,
  at timestamptz not null,
  primary key (email, category)
);

-- The embedded mail transport's inbox: every message it delivered, as received (tests and /mailbox
-- read what a real recipient would have got).
create table mail_inbox (
  message_id text primary key,
  to_email text not null,
  from_email text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  headers jsonb not null,
  received_at timestamptz not null default now()
);
