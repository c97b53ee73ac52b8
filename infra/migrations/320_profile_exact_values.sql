-- Exact values beside the ranges the filters use (issue 23): founding date, team size and monthly
-- revenue with its currency. Text like every profile column (the read model keeps what the founder typed).
alter table startup_profiles
  add column founded_date text,
  add column team_count text,
  add column monthly_revenue text,
  add column revenue_currency text;
