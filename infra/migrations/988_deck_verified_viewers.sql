-- Verified viewers and alert modes (deck-links module, docs/deck-links.md): a link may ask the viewer
-- for a one-time code sent to their e-mail (the codes live in the deck-code-<linkId>-<key> streams;
-- a visit records whether its e-mail was verified), and each founder chooses which visits alert
-- them: a link's first (as before), every one, or a daily digest e-mail. With every visit a notice,
-- a notice is keyed by its visit.
alter table deck_links add column verify_email boolean not null default false;
alter table deck_visits add column verified boolean not null default false;
alter table deck_alert_settings add column mode text not null default 'first_visit';
alter table deck_notifications drop constraint deck_notifications_pkey;
alter table deck_notifications add primary key (visit_id);
alter table deck_notifications
  add column first boolean not null default true,
  add column verified boolean not null default false;
create index deck_notifications_link on deck_notifications (link_id);
create index deck_alert_settings_digest on deck_alert_settings (user_id) where mode = 'daily_digest';
