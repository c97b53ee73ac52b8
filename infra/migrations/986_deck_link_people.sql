-- Deck links as the founder manages them (docs/deck-links.md): the recipient's name, a deletion
-- (the link leaves the list and stays off; its visits and figures stay), and each visit's kind of
-- device (phone, tablet or desktop, derived from the user agent, which is not kept).
alter table deck_links
  add column name text,
  add column deleted_at timestamptz;
alter table deck_visits add column device text;

-- Readers are people: the founder's visits per deck version by the e-mail given (docs/deck-links.md).
create index deck_visits_user_deck_email on deck_visits (user_id, deck_id) include (email, link_id);
