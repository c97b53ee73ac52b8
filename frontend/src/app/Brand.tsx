import { cn } from '../lib/cn';

export const PRODUCT_NAME = 'FundFlow';
export const TAGLINE = 'Funding Made Simple';

/** The mark: a gradient tile with an "F" whose bars read as flowing lines. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-lg brand-gradient shadow-sm',
        className,
      )}
    >
      <svg viewBox="0 0 24 24" className="size-[60%]" fill="none">
        <path
          d="M6 19V5h11M6 12h8"
          stroke="oklch(0.16 0.03 268)"
          strokeWidth="2.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="18" cy="17.5" r="2" fill="oklch(0.16 0.03 268)" />
      </svg>
    </span>
  );
}

export function Brand({ collapsed = false, className }: { collapsed?: boolean; className?: string }) {
  return (
    <span className={cn('flex min-w-0 items-center gap-3', className)}>
      <BrandMark />
      {collapsed ? (
        <span className="sr-only">{PRODUCT_NAME}</span>
      ) : (
        <span className="flex min-w-0 flex-col leading-tight">
          <span className="truncate text-base font-bold tracking-tight">{PRODUCT_NAME}</span>
          <span className="truncate text-xs text-muted-foreground">{TAGLINE}</span>
        </span>
      )}
    </span>
  );
}
