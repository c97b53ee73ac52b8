-- User administration (issue 18): disabled accounts and the last sign-in, on the users read model.
alter table users add column disabled_at timestamptz;
alter table users add column disabled_reason text;
alter table users add column disabled_by text;
alter table users add column last_sign_in_at timestamptz;
