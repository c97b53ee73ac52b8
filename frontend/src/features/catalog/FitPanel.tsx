import type { FirmFit } from '@fp/contracts';
import type { FitMatch } from '@fp/contracts';
import { Check, CircleHelp, Minus, X } from 'lucide-react';
import { cn } from '../../lib/cn';

const LOOK: Record<FitMatch, { icon: typeof Check; className: string; word: string }> = {
  yes: { icon: Check, className: 'border-success/40 bg-success/10 text-success', word: 'fits' },
  partial: { icon: Minus, className: 'border-warning/40 bg-warning/10 text-warning', word: 'partly fits' },
  no: { icon: X, className: 'border-destructive/40 bg-destructive/10 text-destructive', word: 'does not fit' },
  unknown: { icon: CircleHelp, className: 'border-border bg-muted text-muted-foreground', word: 'unknown' },
};

/** The reasons of a fit as chips, one per factor, each saying whether it fits (icon, colour and words). */
export function FitReasons({ fit, known = false, className }: { fit: FirmFit; known?: boolean; className?: string }) {
  const reasons = known ? fit.reasons.filter((r) => r.match !== 'unknown') : fit.reasons;
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)} data-testid="fit-reasons">
      {reasons.map((r) => {
        const look = LOOK[r.match];
        const Icon = look.icon;
        return (
          <li
            key={r.factor}
            className={cn('flex min-w-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs', look.className)}
            title={`${r.label} (${look.word})`}
            data-match={r.match}
          >
            <Icon className="size-3 shrink-0" aria-hidden="true" />
            <span className="truncate">{r.label}</span>
            <span className="sr-only">({look.word})</span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * How well a firm fits the founder's startup, as the server scored it (rules in @fp/contracts
 * fit.ts, never AI): the score, and one chip per factor saying why.
 */
export function FitPanel({ fit }: { fit: FirmFit | undefined }) {
  if (!fit) return null;
  return (
    <section className="flex flex-col gap-2 rounded-lg border border-border p-3" data-testid="fit">
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Fit for your startup</h3>
        <p className="text-sm">
          <span className="text-lg font-semibold tabular-nums" data-testid="fit-score">
            {fit.score}
          </span>
          <span className="text-muted-foreground"> / 100</span>
        </p>
      </div>
      <FitReasons fit={fit} />
      <p className="text-xs text-muted-foreground">
        From your startup profile and the firm's data
        {fit.confidence < 1
          ? `; ${Math.round((1 - fit.confidence) * 100)}% of it is unknown for this firm and counts for nothing`
          : ''}
        .
      </p>
    </section>
  );
}
