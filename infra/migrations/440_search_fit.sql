-- Search index: the two fields the fit order reads that the index did not hold yet (issue 16,
-- docs/catalog.md "Fit order"): a firm's sectors (chr(31)-separated, null when unknown) and its
-- investor status. Filled from the read models for rows written before; new rows get them from
-- the projection. The imported firms' saved documents get them too (they are put back on reloads).
alter table search_vc_firms add column sectors text, add column investor_status text;

update search_vc_firms s
   set sectors = case when jsonb_typeof(r.record->'sectors') = 'array' then nullif(array_to_string(array(select jsonb_array_elements_text(r.record->'sectors')), chr(31)), '') end,
       investor_status = r.record->>'investorStatus'
  from catalog_vc_firms r
 where s.collection = 'vc' and r.id = s.id;

update search_vc_firms s
   set sectors = case when jsonb_typeof(r.record->'sectors') = 'array' then nullif(array_to_string(array(select jsonb_array_elements_text(r.record->'sectors')), chr(31)), '') end,
       investor_status = r.record->>'investorStatus'
  from catalog_test_firms r
 where s.collection = 'test' and r.id = s.id;

update catalog_search_sourced d
   set doc = d.doc || jsonb_build_object(
         'sectors', case when jsonb_typeof(r.record->'sectors') = 'array' and jsonb_array_length(r.record->'sectors') > 0 then r.record->'sectors' else 'null'::jsonb end,
         'investorStatus', coalesce(r.record->'investorStatus', 'null'::jsonb))
  from catalog_vc_firms r
 where r.id = d.id;
