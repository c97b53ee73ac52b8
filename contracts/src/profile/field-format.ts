// How profile values are written into an application form: a bare domain becomes a link, a full name
// splits into its first and last names. Pure; the field spec (fields.ts) names which field uses which.

/** "Ada King Lovelace" → first "Ada", last "King Lovelace"; one word is a first name only. */
export function splitName(full: string | undefined): { first: string; last: string } {
  const parts = (full ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { first: '', last: '' };
  if (parts.length === 1) return { first: parts[0], last: '' };
  return { first: parts[0], last: parts.slice(1).join(' ') };
}

/** A link with its scheme: "acme.example" → "https://acme.example"; a value with a scheme stays as it is. */
export function ensureUrl(v: string): string {
  const t = v.trim();
  if (!t) return t;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(t)) return t;
  return `https://${t.replace(/^\/+/, '')}`;
}
