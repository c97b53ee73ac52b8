import { BarChart, BarSlot, CHART_H, shortDate } from './BarChart';
import type { ActivityWeek } from './queries';

const SLOT = 24;
const BAR = 16;

/** Applications per week (bars), drawn like the 30-day chart: plain SVG, no chart library. */
export function WeeklyChart({ weeks, loading }: { weeks: ActivityWeek[]; loading?: boolean }) {
  const max = Math.max(1, ...weeks.map((w) => w.total));
  const sum = weeks.reduce((n, w) => n + w.total, 0);
  const label = `Applications per week over the last ${weeks.length} weeks: ${weeks.map((w) => `week of ${shortDate(w.week)} ${w.total}`).join(', ')}`;
  return (
    <BarChart
      testId="weekly-chart"
      caption={
        <figcaption className="flex items-baseline justify-between gap-3 text-xs text-muted-foreground">
          <span>Last {weeks.length} weeks</span>
          <span>
            Total <span className="font-medium text-foreground tabular-nums">{sum}</span>
          </span>
        </figcaption>
      }
      label={label}
      slots={weeks.length}
      slotWidth={SLOT}
      svgClassName="h-28 w-full"
      empty={!loading && sum === 0 ? `No applications in the last ${weeks.length} weeks` : null}
      axis={
        <div className="flex justify-between text-[11px] text-muted-foreground tabular-nums" aria-hidden="true">
          <span>{weeks[0] ? shortDate(weeks[0].week) : ''}</span>
          <span>{weeks.at(-1) ? shortDate(weeks.at(-1)!.week) : ''}</span>
        </div>
      }
    >
      {weeks.map((w, i) => {
        const h = (w.total / max) * (CHART_H - 4);
        const x = i * SLOT + (SLOT - BAR) / 2;
        return (
          <g key={w.week}>
            <title>{`Week of ${shortDate(w.week)}: ${w.total} application${w.total === 1 ? '' : 's'}`}</title>
            <BarSlot x={x} width={BAR} rx={2} />
            {h > 0 ? <rect x={x} y={CHART_H - h} width={BAR} height={h} className="fill-primary" rx={2} /> : null}
          </g>
        );
      })}
    </BarChart>
  );
}
