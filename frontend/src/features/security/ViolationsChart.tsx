import type { HourlyViolations } from '@fp/contracts';
import { cn } from '../../lib/cn';
import { codeLabel, hourLabel, typesInSeries } from './format';
import { lookOf } from './violation-types';

/** Violations per hour over the last 24 hours, stacked by type in each type's colour. */
export function ViolationsChart({ hours, height = 140 }: { hours: readonly HourlyViolations[]; height?: number }) {
  const max = Math.max(1, ...hours.map((h) => h.total));
  const types = typesInSeries(hours);
  const total = hours.reduce((a, h) => a + h.total, 0);
  // Gridline values: the top of the scale and its half.
  const ticks = [max, Math.round(max / 2)];
  return (
    <figure className="flex flex-col gap-2" data-testid="violations-chart">
      <div className="flex gap-2">
        <div
          className="flex flex-col justify-between text-right text-[11px] text-muted-foreground tabular-nums"
          style={{ height }}
          aria-hidden="true"
        >
          <span>{ticks[0]}</span>
          <span>{ticks[1]}</span>
          <span>0</span>
        </div>
        <div
          role="img"
          aria-label={`Violations per hour, last ${hours.length} hours: ${total} in total`}
          className="relative flex flex-1 items-end gap-[3px] border-b border-l border-border pl-1"
          style={{ height }}
        >
          <div
            className="pointer-events-none absolute inset-x-0 top-0 border-t border-dashed border-border/70"
            aria-hidden="true"
          />
          <div
            className="pointer-events-none absolute inset-x-0 top-1/2 border-t border-dashed border-border/70"
            aria-hidden="true"
          />
          {hours.map((h) => {
            const segments = types.filter((t) => (h.byType[t] ?? 0) > 0);
            const title = `${hourLabel(h.hour)}: ${h.total} violation${h.total === 1 ? '' : 's'}${segments.length ? ` (${segments.map((t) => `${codeLabel(t)} ${h.byType[t]}`).join(', ')})` : ''}`;
            return (
              <div key={h.hour} title={title} className="group relative flex h-full min-w-0 flex-1 flex-col-reverse">
                {segments.map((t) => (
                  <div
                    key={t}
                    className={cn(
                      'w-full first:rounded-b-[2px] last:rounded-t-[3px] opacity-85 group-hover:opacity-100',
                      lookOf(t).fill,
                    )}
                    style={{ height: `${((h.byType[t] ?? 0) / max) * 100}%` }}
                  />
                ))}
                {h.total === 0 ? <div className="h-px w-full bg-border" /> : null}
              </div>
            );
          })}
        </div>
      </div>
      <div className="flex justify-between pl-6 text-[11px] text-muted-foreground" aria-hidden="true">
        <span>{hours.length ? hourLabel(hours[0]!.hour) : ''}</span>
        <span>{hours.length ? hourLabel(hours[hours.length - 1]!.hour) : ''}</span>
      </div>
      <figcaption className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        {types.length ? (
          types.map((t) => (
            <span key={t} className="inline-flex items-center gap-1.5">
              <span className={cn('size-2 rounded-full', lookOf(t).fill)} aria-hidden="true" />
              {codeLabel(t)}
            </span>
          ))
        ) : (
          <span>No violations in the last 24 hours</span>
        )}
      </figcaption>
      <ul className="sr-only">
        {hours
          .filter((h) => h.total > 0)
          .map((h) => (
            <li key={h.hour}>{`${hourLabel(h.hour)}: ${h.total}`}</li>
          ))}
      </ul>
    </figure>
  );
}
