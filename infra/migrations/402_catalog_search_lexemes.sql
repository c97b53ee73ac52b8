-- Search index, Postgres adapter, second form: exact-match filters (collection, country, investor
-- type, stage, location) became '#'-prefixed lexemes of the tsvector built from the words
-- (array_to_tsvector), so one GIN index answers text and filters together and counts need no
-- table pages. Their btree indexes and the stages column are no longer used.
drop index if exists search_vc_country;
drop index if exists search_vc_type;
drop index if exists search_vc_stages;
drop index if exists search_angels_location;
alter table search_vc_firms drop column stages;

-- The index rows written in the first form do not carry the new lexemes: empty the index and let
-- the 'catalog-search' projection replay the log into it on the next start.
truncate search_vc_firms, search_angels, catalog_search_imports;
update projection_checkpoints set checkpoint = null, applied = 0, status = 'running', error = null where name = 'catalog-search';
