import type { AngelInvestorListItem } from '@fp/contracts';
import { Users } from 'lucide-react';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Pagination } from '../../../ui/Pagination';
import { Spinner } from '../../../ui/Spinner';
import { ANGEL_PAGE_SIZE } from '../investor-queries';
import { InvestorRow } from '../InvestorRow';
import type { Investors } from './useInvestors';

/** The angel investors of this page as rows, with loading, error and empty states, and the pager. */
export function InvestorTable({
  list,
  rows,
  total,
  view,
  selection,
  onDetails,
}: Pick<Investors, 'list' | 'rows' | 'total' | 'view' | 'selection'> & {
  onDetails: (investor: AngelInvestorListItem) => void;
}) {
  if (list.isPending)
    return (
      <p className="flex items-center gap-2 py-10 text-sm text-muted-foreground" role="status">
        <Spinner size="sm" label="" />
        Loading investors...
      </p>
    );
  if (list.isError && !list.data)
    return (
      <EmptyState
        icon={<Users />}
        title="Could not load angel investors"
        description={(list.error as Error).message}
        action={
          <Button variant="outline" onClick={() => void list.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  if (rows.length === 0)
    return (
      <EmptyState
        icon={<Users />}
        title="No angel investors found"
        description="Try adjusting your search criteria or filters"
        action={
          <Button variant="outline" onClick={view.clearAll}>
            Clear All Filters
          </Button>
        }
      />
    );
  return (
    <>
      <ul className="flex flex-col gap-3" data-testid="investor-results">
        {rows.map((inv) => (
          <InvestorRow
            key={inv.id}
            investor={inv}
            selected={selection.selected.has(inv.id)}
            onToggle={() => selection.toggle(inv.id)}
            onDetails={() => onDetails(inv)}
          />
        ))}
      </ul>
      <Pagination
        page={list.data?.page ?? view.page}
        pageSize={ANGEL_PAGE_SIZE}
        total={total}
        itemLabel="angel investors"
        onPageChange={view.setPage}
        hideWhenSinglePage
      />
    </>
  );
}
