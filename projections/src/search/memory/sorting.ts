// The one order of documents (sort key, then id) and a page in fit order.
import type { SearchPage } from '../port';
import { compareFit } from '../fit';
import { forEachSet } from './bitsets';

/** Compares two documents in the one order: sort key, then id. */
export const compareKeys = (ak: string, ai: string, bk: string, bi: string) =>
  ak !== bk ? (ak < bk ? -1 : 1) : ai < bi ? -1 : ai > bi ? 1 : 0;

/**
 * A page in fit order: score, highest first, then the name order. Scores are whole numbers
 * 0–100, so this is a counting sort: the scoring pass counted the base's matches per score
 * (`count`), which gives the total and the scores the page falls in; a second pass takes, in
 * position (= name) order, just the documents of those scores the page needs. Both passes cost
 * one step per match, whatever the page.
 */
export function fitPage(
  base: { ids: string[]; sortKeys: string[] },
  bits: Uint32Array,
  scores: Uint8Array,
  baseCount: Int32Array,
  extra: Array<{ id: string; sortKey: string; score: number }>,
  offset: number,
  limit: number,
): SearchPage {
  const count = baseCount.slice();
  for (const d of extra) count[d.score]!++;
  let total = 0;
  for (let s = 0; s <= 100; s++) total += count[s]!;
  if (offset >= total || limit <= 0) return { ids: [], total };
  // The score the page starts in, and how far into it.
  let top = 100;
  let skip = offset;
  while (skip >= count[top]!) skip -= count[top--]!;
  // How many of each score the page needs, from the top score down.
  const need = new Int32Array(101);
  let left = limit;
  let low = top;
  need[top] = Math.min(count[top]!, skip + left);
  left -= need[top]! - skip;
  while (left > 0 && low > 0) {
    low--;
    need[low] = Math.min(count[low]!, left);
    left -= need[low]!;
  }
  const taken: number[][] = Array.from({ length: 101 }, () => []);
  let open = 0;
  for (let s = low; s <= top; s++) if (need[s]! > 0) open++;
  forEachSet(bits, (p) => {
    const s = scores[p]!;
    if (s < low || s > top || taken[s]!.length >= need[s]!) return true;
    taken[s]!.push(p);
    return taken[s]!.length === need[s]! && --open === 0 ? false : true;
  });
  const ids: string[] = [];
  for (let s = top; s >= low && ids.length < limit; s--) {
    const here = taken[s]!.map((p) => ({ id: base.ids[p]!, sortKey: base.sortKeys[p]!, score: s }));
    for (const d of extra) if (d.score === s) here.push(d);
    here.sort(compareFit);
    for (const d of here.slice(s === top ? skip : 0, need[s]!)) if (ids.length < limit) ids.push(d.id);
  }
  return { ids, total };
}
