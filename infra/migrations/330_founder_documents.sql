-- The founder's documents besides the pitch deck (profile module; projection of the
-- founder-documents-<userId> streams): one current PDF per kind. The bytes live in file storage.
create table founder_documents (
  user_id text not null,
  kind text not null,               -- cv | financialModel | onePager | capTable
  document_id text not null,
  file_name text not null,
  size bigint not null,
  sha256 text not null,
  storage_key text not null,
  uploaded_at timestamptz not null,
  -- stream revision after the last applied event: a replayed event changes nothing
  version integer not null,
  primary key (user_id, kind)
);
