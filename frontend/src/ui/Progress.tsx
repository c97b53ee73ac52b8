import { cn } from '../lib/cn';

export interface ProgressProps {
  /** 0..max */
  value: number;
  max?: number;
  /** Accessible name, e.g. 'Profile completion'. */
  label?: string;
  className?: string;
  indicatorClassName?: string;
}

export function Progress({ value, max = 100, label, className, indicatorClassName }: ProgressProps) {
  const clamped = Math.max(0, Math.min(max, Number.isFinite(value) ? value : 0));
  const pct = max > 0 ? (clamped / max) * 100 : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.round(clamped)}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div
        className={cn('h-full rounded-full bg-primary transition-[width] duration-300 ease-out', indicatorClassName)}
        style={{ width: `${pct}%` }}
      />
    </div>
  );
}
