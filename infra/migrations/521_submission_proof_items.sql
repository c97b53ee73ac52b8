-- Proof of an attempt that holds up (issue 15): the final screenshot and the page's HTML are kept in
-- file storage (keys below); the request that sent the form is on the attempt's outcome event and
-- in the read model. Rows written before this keep their screenshot in `png`.
alter table submission_proofs alter column png drop not null;
alter table submission_proofs add column screenshot_key text;
alter table submission_proofs add column html_key text;

alter table submissions add column sent_request jsonb;
alter table submissions add column page_html boolean not null default false;
