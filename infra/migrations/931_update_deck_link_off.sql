-- A recipient whose deck link the founder had turned off (or deleted) was sent the update without a
-- link, as the founder chose on the compose screen (docs/investor-updates.md).
alter table investor_update_recipients add column deck_link_off boolean not null default false;
