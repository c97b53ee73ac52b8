import { useId, type ReactNode } from 'react';
import { cn } from '../lib/cn';

interface ChartPoint {
  label: string;
  value: number;
}

export interface MiniChartProps {
  data: readonly ChartPoint[];
  type?: 'line' | 'bar';
  /** Accessible summary, e.g. 'Submissions per day, last 7 days'. */
  label: string;
  /** Drawing height in px; the width follows the container. */
  height?: number;
  /** Text colour class that sets the series colour (uses currentColor). */
  colorClassName?: string;
  /** Show the first and last x labels under the chart. */
  showAxisLabels?: boolean;
  className?: string;
}

const W = 300; // viewBox width; the SVG scales to its container

/** A dependency-free sparkline / bar chart. Values are listed for screen readers. */
export function MiniChart({
  data,
  type = 'line',
  label,
  height = 120,
  colorClassName = 'text-chart-1',
  showAxisLabels = true,
  className,
}: MiniChartProps) {
  const gradientId = useId();
  const pad = 6;
  const max = Math.max(1, ...data.map((d) => (Number.isFinite(d.value) ? d.value : 0)));
  const innerH = height - pad * 2;
  const y = (v: number) => pad + innerH - (Math.max(0, v) / max) * innerH;
  const n = data.length;

  let shapes: ReactNode = null;
  if (n > 0 && type === 'bar') {
    const slot = W / n;
    const barW = Math.max(2, slot * 0.68);
    shapes = data.map((d, i) => {
      const top = y(d.value);
      return (
        <rect
          key={`${d.label}-${i}`}
          x={i * slot + (slot - barW) / 2}
          y={top}
          width={barW}
          height={Math.max(0, pad + innerH - top)}
          rx={Math.min(4, barW / 3)}
          fill="currentColor"
          opacity={0.85}
        >
          <title>{`${d.label}: ${d.value}`}</title>
        </rect>
      );
    });
  } else if (n > 0) {
    const x = (i: number) => (n === 1 ? W / 2 : (i / (n - 1)) * W);
    const pts = data.map((d, i) => `${x(i).toFixed(2)},${y(d.value).toFixed(2)}`);
    const line = `M${pts.join(' L')}`;
    const area = `${line} L${x(n - 1).toFixed(2)},${pad + innerH} L${x(0).toFixed(2)},${pad + innerH} Z`;
    shapes = (
      <>
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="currentColor" stopOpacity="0.28" />
            <stop offset="1" stopColor="currentColor" stopOpacity="0" />
          </linearGradient>
        </defs>
        <path d={area} fill={`url(#${gradientId})`} />
        <path
          d={line}
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinejoin="round"
          strokeLinecap="round"
          vectorEffect="non-scaling-stroke"
        />
      </>
    );
  }

  return (
    <figure className={cn('flex w-full flex-col gap-1', className)}>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${W} ${height}`}
        preserveAspectRatio="none"
        className={cn('w-full overflow-visible', colorClassName)}
        style={{ height }}
      >
        <line
          x1={0}
          x2={W}
          y1={pad + innerH}
          y2={pad + innerH}
          stroke="currentColor"
          strokeOpacity={0.15}
          vectorEffect="non-scaling-stroke"
        />
        {shapes}
      </svg>
      {showAxisLabels && n > 1 ? (
        <figcaption aria-hidden="true" className="flex justify-between text-[11px] text-muted-foreground">
          <span>{data[0].label}</span>
          <span>{data[n - 1].label}</span>
        </figcaption>
      ) : null}
      <ul className="sr-only">
        {data.map((d, i) => (
          <li key={`${d.label}-${i}`}>{`${d.label}: ${d.value}`}</li>
        ))}
      </ul>
    </figure>
  );
}
