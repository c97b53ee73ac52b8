import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AlertCircle, Coins } from 'lucide-react';
import { Skeleton } from '../../ui/Skeleton';
import { creditBalanceQueryOptions } from './queries';

/** Header badge: balance and 'Buy More' (→ /pricing); 'Credits unavailable' when the call fails. */
export function CreditBadge() {
  const { data, isPending, isError } = useQuery(creditBalanceQueryOptions());

  if (isPending) return <Skeleton className="h-8 w-32 rounded-full" />;
  if (isError) {
    return (
      <span className="inline-flex h-8 items-center gap-1.5 rounded-full border border-border px-3 text-xs font-medium text-muted-foreground">
        <AlertCircle className="size-3.5" aria-hidden="true" />
        Credits unavailable
      </span>
    );
  }
  const amount = data.toLocaleString('en-US');
  const unit = data === 1 ? 'credit' : 'credits';
  return (
    <span className="inline-flex h-8 items-center gap-1.5 rounded-full border border-border bg-card pr-1 pl-2.5 text-xs font-medium whitespace-nowrap shadow-xs">
      <Coins className="size-3.5 shrink-0 text-warning" aria-hidden="true" />
      <span className="tabular-nums" data-testid="credit-balance">
        {amount}
        {/* The unit is dropped on phones to keep the header on one line. */}
        <span className="max-sm:sr-only"> {unit}</span>
      </span>
      <Link
        to="/pricing"
        className="rounded-full bg-primary px-2.5 py-1 text-[11px] leading-none font-semibold text-primary-foreground hover:bg-primary/90"
      >
        Buy More
      </Link>
    </span>
  );
}
