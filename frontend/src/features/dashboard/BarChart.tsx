import type { ReactNode } from 'react';

/** The charts' drawing height in view-box units; bars scale to `CHART_H - 4`. */
export const CHART_H = 100;

export const shortDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * The frame both dashboard charts draw in (plain SVG, no chart library): caption, a baseline, one
 * slot per bar, the empty message over it, the axis labels below.
 */
export function BarChart({
  testId,
  caption,
  label,
  slots,
  slotWidth,
  svgClassName,
  empty,
  axis,
  children,
}: {
  testId: string;
  caption: ReactNode;
  /** The chart's figures in words, for screen readers. */
  label: string;
  slots: number;
  slotWidth: number;
  svgClassName: string;
  /** Shown over the chart when there is nothing to draw. */
  empty: string | null;
  axis: ReactNode;
  children: ReactNode;
}) {
  return (
    <figure className="flex flex-col gap-2" data-testid={testId}>
      {caption}
      <div className="relative">
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${slots * slotWidth} ${CHART_H}`}
          preserveAspectRatio="none"
          className={svgClassName}
        >
          <line
            x1={0}
            x2={slots * slotWidth}
            y1={CHART_H - 0.5}
            y2={CHART_H - 0.5}
            stroke="currentColor"
            strokeOpacity={0.15}
            vectorEffect="non-scaling-stroke"
          />
          {children}
        </svg>
        {empty ? (
          <p className="absolute inset-0 flex items-center justify-center text-xs text-muted-foreground">{empty}</p>
        ) : null}
      </div>
      {axis}
    </figure>
  );
}

/** The faint full-height slot behind a bar, so an empty period still reads as a chart. */
export function BarSlot({ x, width, rx }: { x: number; width: number; rx: number }) {
  return <rect x={x} y={0} width={width} height={CHART_H} className="fill-muted" opacity={0.5} rx={rx} />;
}
