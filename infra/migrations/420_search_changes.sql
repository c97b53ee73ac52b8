-- Search index, change log for the in-process index (projections/src/search/memory.ts): every
-- row written gets the next number of one sequence, and every removal leaves a numbered row in
-- search_removals (id null: the whole collection). A process holding the index in memory reads
-- what changed after the last number it saw. Writers take a transaction-level advisory lock
-- before writing, so numbers become visible in increasing order.
create sequence search_change_seq;
alter table search_vc_firms add column seq bigint not null default nextval('search_change_seq');
alter table search_angels add column seq bigint not null default nextval('search_change_seq');
create index search_vc_seq on search_vc_firms (seq);
create index search_angels_seq on search_angels (seq);

create table search_removals (
  seq bigint primary key default nextval('search_change_seq'),
  collection text not null,
  id text                                  -- null: every document of the collection
);

-- A rebuild truncates the index tables: record it as removal of whole collections.
create function search_truncated() returns trigger language plpgsql as $$
begin
  insert into search_removals (collection) select unnest(tg_argv);
  return null;
end $$;
create trigger search_vc_truncated after truncate on search_vc_firms for each statement execute function search_truncated('vc', 'test');
create trigger search_angels_truncated after truncate on search_angels for each statement execute function search_truncated('angels');
