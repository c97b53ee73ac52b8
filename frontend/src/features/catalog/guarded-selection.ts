import { SELECTION_LIMIT_TITLE } from '../../lib/activity-guard';
import { toast } from '../../ui/toast';
import type { SelectionChange } from './selection';

/**
 * Applies a selection change when the client activity guard allows it (VC and angel screens);
 * otherwise shows the 'Selection Limit Reached' toast and keeps the selection as it was.
 */
export function applyGuardedSelection(
  guard: { trySelect(count: number, kind: 'single' | 'page'): string | null | undefined },
  setSelected: (next: Set<string>) => void,
  change: SelectionChange,
  count: number,
  kind: 'single' | 'page',
): boolean {
  const refused = guard.trySelect(count, kind);
  if (refused) {
    toast({ title: SELECTION_LIMIT_TITLE, description: refused, variant: 'destructive' });
    return false;
  }
  setSelected(change.next);
  return true;
}
