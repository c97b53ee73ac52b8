-- Who wrote an attempt's recap: 'llm' (a language model, labelled "AI Analysis") or 'rules' (shown as part of the Summary).
alter table submissions add column recap_source text;
