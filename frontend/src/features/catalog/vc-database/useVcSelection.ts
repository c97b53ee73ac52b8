import type { VcFirmWithFit } from '@fp/contracts';
import { useState } from 'react';
import { isRateLimitError, type ActivityGuard } from '../../../lib/activity-guard';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../ui/toast';
import { describeFailure } from '../describe-failure';
import { applyGuardedSelection } from '../guarded-selection';
import { addAll, toggleAll, toggleOne } from '../selection';
import { fetchAllVcIds, INVALID_RESPONSE, type VcFilters, type VcVariant } from '../vc-queries';

const fmt = (n: number) => n.toLocaleString('en-US');

/** The firms the founder has selected, across pages: one firm, the page, or every firm the filters match. */
export function useVcSelection(variant: VcVariant, guard: ActivityGuard, query: VcFilters, firms: VcFirmWithFit[]) {
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [selectingAll, setSelectingAll] = useState(false);

  const toggle = (id: string) => applyGuardedSelection(guard, setSelected, toggleOne(selected, id), 1, 'single');

  function selectPage() {
    const ids = firms.map((f) => f.id);
    const c = addAll(selected, ids);
    if (applyGuardedSelection(guard, setSelected, c, ids.length, 'page'))
      toast({
        title: 'Selected Page',
        description: `${fmt(c.added)} ${c.added === 1 ? 'firm' : 'firms'} added to your selection.`,
      });
  }

  async function selectAllFiltered() {
    setSelectingAll(true);
    try {
      const ids = await fetchAllVcIds(variant, query, guard);
      if (ids.length === 0) {
        toast({
          title: 'No Results',
          description: 'No VCs match the current filters. Try adjusting your search criteria.',
        });
        return;
      }
      const c = toggleAll(selected, ids);
      setSelected(c.next);
      toast(
        c.deselected
          ? {
              title: 'Deselected All Filtered',
              description: `${fmt(c.removed)} ${c.removed === 1 ? 'firm' : 'firms'} removed from your selection.`,
            }
          : {
              title: 'Selected All Filtered',
              description: `${fmt(ids.length)} ${ids.length === 1 ? 'firm' : 'firms'} selected.`,
            },
      );
    } catch (err) {
      // The server's own 400 (too many matches), the local rate limit and a bad answer say why;
      // anything else gets the generic message.
      const description = describeFailure(
        err,
        'Failed to select all filtered VCs',
        (message) =>
          message === INVALID_RESPONSE || isRateLimitError(err) || (err instanceof ApiError && err.status === 400),
      );
      toast({ title: 'Error', description, variant: 'destructive' });
    } finally {
      setSelectingAll(false);
    }
  }

  return {
    selected,
    clear: () => setSelected(new Set()),
    toggle,
    selectPage,
    selectAllFiltered: () => void selectAllFiltered(),
    selectingAll,
  };
}

export type VcSelection = ReturnType<typeof useVcSelection>;
