import type { VcFirmWithFit } from '@fp/contracts';
import { Building2 } from 'lucide-react';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Pagination } from '../../../ui/Pagination';
import { Skeleton } from '../../../ui/Skeleton';
import { hasVcFilters } from '../vc-queries';
import { VcFirmCard } from '../VcFirmCard';
import type { VcDatabase } from './useVcDatabase';

/** The VC firms of this page as cards, with loading, error and empty states, and the pager. */
export function VcTable({
  list,
  firms,
  total,
  pageSize,
  view,
  selection,
  onDetails,
}: Pick<VcDatabase, 'list' | 'firms' | 'total' | 'pageSize' | 'view' | 'selection'> & {
  onDetails: (firm: VcFirmWithFit) => void;
}) {
  if (list.isPending)
    return (
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-40 rounded-xl" />
        ))}
      </div>
    );
  if (list.isError && !list.data)
    return (
      <EmptyState
        icon={<Building2 />}
        title="Could not load VC firms"
        description={list.error.message}
        action={
          <Button variant="outline" onClick={() => void list.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  if (firms.length === 0)
    return (
      <EmptyState
        icon={<Building2 />}
        title="No VC firms found"
        description="Try adjusting your search criteria or filters."
        action={
          hasVcFilters(view.filters) ? (
            <Button variant="outline" onClick={view.clearFilters}>
              Clear Filters
            </Button>
          ) : undefined
        }
      />
    );
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="vc-results">
        {firms.map((firm) => (
          <VcFirmCard
            key={firm.id}
            firm={firm}
            selected={selection.selected.has(firm.id)}
            fit={firm.fit}
            onToggle={() => selection.toggle(firm.id)}
            onDetails={() => onDetails(firm)}
          />
        ))}
      </div>
      <Pagination
        page={list.data?.page ?? view.page}
        pageSize={pageSize}
        total={total}
        itemLabel="firms"
        onPageChange={view.setPage}
      />
    </>
  );
}
