-- The violations that led to an automatic block, for the security dashboard (oldest first).
alter table security_blocked_ips add column evidence jsonb not null default '[]'::jsonb;
