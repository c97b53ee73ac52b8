-- The founder's pitch deck file (profile module, issue 15; projection of the pitch-deck-<userId>
-- streams). The bytes live in file storage under `storage_key`; these rows only describe them.
create table pitch_decks (
  user_id text primary key,
  deck_id text not null,
  file_name text not null,
  size bigint not null,
  sha256 text not null,
  storage_key text not null,
  uploaded_at timestamptz not null,
  -- the last deck stays after a removal (flagged) so that its row still carries the version
  removed boolean not null default false,
  -- stream revision after the last applied event: a replayed event changes nothing
  version integer not null
);

-- Every upload, replacement and removal, for the history shown in Settings.
create table pitch_deck_history (
  user_id text not null,
  stream_position integer not null,
  action text not null,            -- uploaded | replaced | removed
  deck_id text not null,
  file_name text not null,
  size bigint not null,
  sha256 text not null,
  at timestamptz not null,
  primary key (user_id, stream_position, action)
);
