import { useState } from 'react';
import type { ActivityGuard } from '../../../lib/activity-guard';
import { toast } from '../../../ui/toast';
import { describeFailure } from '../describe-failure';
import { applyGuardedSelection } from '../guarded-selection';
import { fetchAllAngelIds, type AngelFilters } from '../investor-queries';
import { allSelected, toggleAll, toggleOne } from '../selection';
import { investors } from './format';

/** The angel investors the founder has selected, across pages: one, the page, or every match of the filters. */
export function useInvestorSelection(guard: ActivityGuard, filters: AngelFilters, pageIds: string[]) {
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [selectingAll, setSelectingAll] = useState(false);

  const toggle = (id: string) => applyGuardedSelection(guard, setSelected, toggleOne(selected, id), 1, 'single');

  function togglePage() {
    const c = toggleAll(selected, pageIds);
    if (!applyGuardedSelection(guard, setSelected, c, pageIds.length, 'page')) return;
    toast(
      c.deselected
        ? { title: 'Deselected Page', description: `${investors(c.removed)} removed from your selection.` }
        : { title: 'Selected Page', description: `${investors(c.added)} added to your selection.` },
    );
  }

  async function selectAllFiltered() {
    setSelectingAll(true);
    try {
      const ids = await fetchAllAngelIds(filters, guard);
      const c = toggleAll(selected, ids);
      setSelected(c.next);
      toast(
        c.deselected
          ? { title: 'Deselected All Filtered', description: `${investors(c.removed)} removed from your selection.` }
          : { title: 'Selected All Filtered', description: `${investors(ids.length)} selected.` },
      );
    } catch (err) {
      toast({
        title: 'Selection Failed',
        description: describeFailure(err, 'Failed to select investors. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setSelectingAll(false);
    }
  }

  return {
    selected,
    clear: () => setSelected(new Set()),
    toggle,
    pageAllSelected: allSelected(selected, pageIds),
    togglePage,
    selectAllFiltered: () => void selectAllFiltered(),
    selectingAll,
  };
}

export type InvestorSelection = ReturnType<typeof useInvestorSelection>;
