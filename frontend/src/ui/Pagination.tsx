import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../lib/cn';
import { Button } from './Button';

export interface PaginationProps {
  /** 1-based current page. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Noun after the total: 'Showing 1 to 25 of 120 firms'. */
  itemLabel?: string;
  /** Hide entirely when everything fits on one page. */
  hideWhenSinglePage?: boolean;
  disabled?: boolean;
  className?: string;
}

function pageRange(page: number, pageSize: number, total: number): { from: number; to: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  if (total <= 0) return { from: 0, to: 0, pages };
  const from = (page - 1) * pageSize + 1;
  return { from, to: Math.min(total, page * pageSize), pages };
}

/** 'Showing X to Y of Z …', Previous / Next and 'Page N of M'. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  itemLabel = 'results',
  hideWhenSinglePage = false,
  disabled = false,
  className,
}: PaginationProps) {
  const { from, to, pages } = pageRange(page, pageSize, total);
  if (hideWhenSinglePage && pages <= 1) return null;
  const fmt = (n: number) => n.toLocaleString('en-US');
  return (
    <nav
      aria-label="Pagination"
      className={cn('flex flex-col items-center justify-between gap-3 text-sm sm:flex-row', className)}
    >
      <p className="text-muted-foreground" aria-live="polite">
        Showing {fmt(from)} to {fmt(to)} of {fmt(total)} {itemLabel}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={disabled || page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          Previous
        </Button>
        <span className="px-1 whitespace-nowrap text-muted-foreground">
          Page {fmt(page)} of {fmt(pages)}
        </span>
        <Button variant="outline" size="sm" disabled={disabled || page >= pages} onClick={() => onPageChange(page + 1)}>
          Next
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
