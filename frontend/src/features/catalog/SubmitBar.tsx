import { Link } from '@tanstack/react-router';
import { withCost } from '@fp/contracts';
import type { ReactNode } from 'react';
import { AlertTriangle, Coins, Send } from 'lucide-react';
import { buttonVariants } from '../../ui/Button';
import { Button } from '../../ui/Button';
import { useStickyInset } from '../../ui/sticky';
import { notEnoughCredits, submitDisabled, submitLabel, submitWarnings, type SubmitState } from './submit-checks';

/**
 * The submit bar, shown once firms are selected: count, credit cost, the credit notice when the
 * balance is short, the non-blocking warnings (spec §5) and the submit button.
 */
export function SubmitBar({
  state,
  submitting,
  onSubmit,
  onClear,
  actions,
}: {
  state: SubmitState;
  submitting: boolean;
  onSubmit: () => void;
  onClear: () => void;
  actions?: ReactNode;
}) {
  // The bar sticks to the bottom: pagination and toasts keep clear of it.
  const stickyRef = useStickyInset('bottom');
  if (state.selected === 0) return null;
  const short = notEnoughCredits(state);
  const warnings = submitWarnings(state);
  const n = state.selected.toLocaleString('en-US');
  return (
    <div
      ref={stickyRef}
      data-testid="submit-bar"
      className="sticky bottom-3 z-30 mt-6 rounded-xl border border-border bg-popover/95 p-3 shadow-lg sm:p-4 backdrop-blur supports-[backdrop-filter]:bg-popover/85"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="flex flex-col gap-0.5">
          <p className="font-semibold" aria-live="polite">
            {n} {state.selected === 1 ? 'firm' : 'firms'} selected
          </p>
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <Coins className="size-3.5 text-warning" aria-hidden="true" />
            {n} {state.selected === 1 ? 'credit' : 'credits'} needed
            {state.balance !== undefined ? ` · You have ${state.balance.toLocaleString('en-US')}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="ghost" onClick={onClear} disabled={submitting}>
            Clear Selection
          </Button>
          {actions}
          <Button onClick={onSubmit} disabled={submitDisabled(state, submitting)} loading={submitting}>
            {submitting ? null : <Send className="size-4" aria-hidden="true" />}
            {/* A button that spends says what it costs. */}
            {submitting || submitDisabled(state, submitting)
              ? submitLabel(state, submitting)
              : withCost(submitLabel(state, submitting), state.selected)}
          </Button>
        </div>
      </div>
      {short ? (
        <div
          role="status"
          className="mt-2 flex flex-col gap-2 sm:mt-3 rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2.5 text-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <span className="flex items-center gap-2 font-medium text-destructive">
            <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
            You don't have enough credits
          </span>
          <Link to="/pricing" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            Get More Credits
          </Link>
        </div>
      ) : null}
      {warnings.length ? (
        <ul className="mt-2 flex flex-col gap-1.5 sm:mt-3">
          {warnings.map((w) => (
            <li key={w} className="flex items-start gap-2 rounded-lg bg-warning/10 px-3 py-2 text-xs sm:text-sm">
              <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
              {w}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
