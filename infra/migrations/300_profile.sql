-- Startup profile read model (projection of the profile-<userId> streams): one row per founder who
-- saved a profile. A field that was never set or was cleared is null. Completion is stored so that
-- other modules and operators can query it without recomputing.
create table startup_profiles (
  user_id text primary key,
  company_name text,
  description text,
  industry text,
  stage text,
  raising text,
  founded text,
  founder_name text,
  founder_email text,
  founder_linkedin text,
  website text,
  location text,
  team_size text,
  revenue text,
  pitch_deck text,
  additional_founders text,
  existing_funding text,
  problem text,
  solution text,
  value_proposition text,
  detailed_description text,
  one_line_explanation text,
  percentage integer not null check (percentage between 0 and 100),
  is_complete boolean not null,
  -- Number of changes applied (the stream's revision + 1), who made the last one and when.
  version integer not null,
  updated_by text not null,
  updated_at timestamptz not null
);
