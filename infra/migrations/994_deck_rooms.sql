-- Data rooms (docs/deck-links.md, "Data rooms"): several PDFs behind one deck link, optionally behind
-- an NDA. A room's link is a deck link with room_id; a visit in a room is a deck visit whose deck_id is
-- the document's id (so a document's figures are kept as a deck version's are). Projection deck_rooms.
create table deck_rooms (
  id text primary key,
  user_id text not null,
  name text not null,
  nda_text text,
  nda_version int not null default 0,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index deck_rooms_user on deck_rooms (user_id, created_at desc);

create table deck_room_documents (
  id text primary key,
  room_id text not null,
  user_id text not null,
  file_name text not null,
  size bigint not null,
  storage_key text not null,
  added_at timestamptz not null,
  -- Removed from the room: no longer listed or opened; its visits stay in the figures.
  removed_at timestamptz
);
create index deck_room_documents_room on deck_room_documents (room_id, added_at);

-- Who entered a room's link; with nda_name and nda_text, the NDA they accepted (the exact text).
create table deck_room_entries (
  entry_id text primary key,
  link_id text not null,
  room_id text not null,
  user_id text not null,
  at timestamptz not null,
  email text,
  verified boolean not null default false,
  nda_name text,
  nda_text text
);
create index deck_room_entries_room on deck_room_entries (room_id, at desc);

alter table deck_links add column room_id text;
create index deck_links_room on deck_links (room_id) where room_id is not null;
