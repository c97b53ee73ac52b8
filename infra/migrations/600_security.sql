-- Security read models (projection `security` of the security-ip-<ip> streams).
create table security_violations (
  violation_id uuid primary key,
  type text not null,
  ip text not null,
  method text not null,
  endpoint text not null,
  user_agent text,
  user_id text,
  detail text,
  occurred_at timestamptz not null
);
create index security_violations_time on security_violations (occurred_at desc);
create index security_violations_ip on security_violations (ip, occurred_at desc);

-- Running totals per type, so the dashboard tiles do not count the whole history on every refresh.
create table security_violation_counts (
  type text primary key,
  count bigint not null
);

-- Active and expired blocks; a row is removed by an unblock. Expired rows are filtered by expires_at.
create table security_blocked_ips (
  ip text primary key,
  reason text not null,
  blocked_at timestamptz not null,
  expires_at timestamptz,
  blocked_by text not null,
  automatic boolean not null
);

-- Rate-limit counters shared by every API process (not a read model: ephemeral, hence unlogged).
create unlogged table security_rate_counters (
  key text primary key,
  hits integer not null,
  reset_at timestamptz not null
);
create index security_rate_counters_reset on security_rate_counters (reset_at);

-- First user agent seen per session token (hashed): the fingerprint check compares later requests to it.
create unlogged table security_session_agents (
  token_hash text primary key,
  agent text not null,
  first_seen timestamptz not null default now()
);
