-- Search index: the document's lexemes also as plain text (separated by chr(31)), which the
-- in-process index loads at start. Reading 1,000,000 tsvectors back as arrays cost Postgres about
-- 12 s of the load; a text column costs nothing to read (docs/catalog.md, Figures).
alter table search_vc_firms add column terms text;
alter table search_angels add column terms text;
update search_vc_firms set terms = array_to_string(tsvector_to_array(tsv), chr(31));
update search_angels set terms = array_to_string(tsvector_to_array(tsv), chr(31));
alter table search_vc_firms alter column terms set not null;
alter table search_angels alter column terms set not null;
