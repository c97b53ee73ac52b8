import { flexRender, type Header } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { cn } from '../lib/cn';
import { TableHead } from './Table';

/**
 * A column head of a TanStack table: a button that cycles the sort, an arrow for the direction and
 * aria-sort for screen readers. Columns that cannot sort show their title only; a column with
 * `meta: { numeric: true }` is right-aligned, its arrow before the title.
 */
export function SortableHeader<TData>({ header, className }: { header: Header<TData, unknown>; className?: string }) {
  const numeric = (header.column.columnDef.meta as { numeric?: boolean } | undefined)?.numeric;
  const dir = header.column.getIsSorted();
  const title = flexRender(header.column.columnDef.header, header.getContext());
  return (
    <TableHead
      className={cn(className, numeric && 'text-right')}
      aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
    >
      {header.column.getCanSort() ? (
        <button
          type="button"
          onClick={header.column.getToggleSortingHandler()}
          className={cn(
            'inline-flex items-center gap-1 uppercase hover:text-foreground',
            numeric && 'flex-row-reverse',
          )}
        >
          {title}
          {dir === 'asc' ? (
            <ArrowUp className="size-3.5" aria-hidden="true" />
          ) : dir === 'desc' ? (
            <ArrowDown className="size-3.5" aria-hidden="true" />
          ) : (
            <ArrowUpDown className="size-3.5 opacity-50" aria-hidden="true" />
          )}
        </button>
      ) : (
        title
      )}
    </TableHead>
  );
}
