-- The search side keeps the registry's verdict in three states (issue 16: the fit's activity factor):
-- true a usable form, false none the automation can use, null not known. Rows written before held
-- false for both "unusable" and "not known"; they become not known, the answer that invents nothing,
-- until the firm's next check (or a rebuild of the 'catalog-forms' projection) says which.
alter table catalog_search_forms alter column accepts_online drop not null;
update catalog_search_forms set accepts_online = null where accepts_online = false;
