// Selection across pages (spec §4), shared by the VC and angel investor screens. Pure.

export type SelectionChange = { next: Set<string>; added: number; removed: number };

/** Adds or removes one id. */
export function toggleOne(selected: ReadonlySet<string>, id: string): SelectionChange {
  const next = new Set(selected);
  if (next.delete(id)) return { next, added: 0, removed: 1 };
  next.add(id);
  return { next, added: 1, removed: 0 };
}

/** True when every id is selected (false for an empty list). */
export function allSelected(selected: ReadonlySet<string>, ids: readonly string[]): boolean {
  return ids.length > 0 && ids.every((id) => selected.has(id));
}

/** Adds every id (VC Select Page). */
export function addAll(selected: ReadonlySet<string>, ids: readonly string[]): SelectionChange {
  const next = new Set(selected);
  let added = 0;
  for (const id of ids)
    if (!next.has(id)) {
      next.add(id);
      added++;
    }
  return { next, added, removed: 0 };
}

/** Removes every id. */
export function removeAll(selected: ReadonlySet<string>, ids: readonly string[]): SelectionChange {
  const next = new Set(selected);
  let removed = 0;
  for (const id of ids) if (next.delete(id)) removed++;
  return { next, added: 0, removed };
}

/**
 * Select All Filtered and angel Select Page: selects all, or deselects all when every one is
 * already selected.
 */
export function toggleAll(
  selected: ReadonlySet<string>,
  ids: readonly string[],
): SelectionChange & { deselected: boolean } {
  if (allSelected(selected, ids)) return { ...removeAll(selected, ids), deselected: true };
  return { ...addAll(selected, ids), deselected: false };
}
