// The name order every search engine and the reference agree on; its own file so that the fit
// ranking and the reference implementation can both use it without importing each other.
/** Byte order of ASCII sort keys, then id. */
export function compareDocs(a: { sortKey: string; id: string }, b: { sortKey: string; id: string }): number {
  if (a.sortKey !== b.sortKey) return a.sortKey < b.sortKey ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
