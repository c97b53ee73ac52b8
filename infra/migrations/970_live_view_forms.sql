-- Issue 24: a form whose only obstacles are a CAPTCHA or a sign-in accepts online applications (the
-- founder passes them in the live view; formAcceptsOnline in contracts). Verdicts stored before said
-- false for these firms: they become true in the kept verdicts and in the Postgres search index (a new
-- change number lets the in-process index follow). 'email_only' is the one obstacle that keeps a firm out.
create temporary table live_view_forms on commit drop as
  select collection, firm_id as id from firm_forms
  where outcome in ('found', 'blocked')
    and blockers && array['captcha', 'login']::text[]
    and not blockers && array['email_only']::text[];

update catalog_search_forms c set accepts_online = true
  from live_view_forms l
  where c.collection = l.collection and c.id = l.id and c.accepts_online is distinct from true;

update search_vc_firms s set
    tsv = ts_delete(s.tsv, array['#f=online', '#f=noform']::text[]) || array_to_tsvector(array['#f=online']::text[]),
    terms = array_to_string(
      array_append(array_remove(array_remove(string_to_array(s.terms, chr(31)), '#f=online'), '#f=noform'), '#f=online'),
      chr(31)),
    seq = nextval('search_change_seq')
  from live_view_forms l
  where s.collection = l.collection and s.id = l.id and not (string_to_array(s.terms, chr(31)) @> array['#f=online']);
