import { ChevronDown, MapPin } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { cn } from '../../lib/cn';
import { Checkbox } from '../../ui/Checkbox';
import { controlClasses } from '../../ui/Field';
import { locationModel, toggleEveryLocation, toggleGroup, toggleLocation, type LocationGroup } from './locations';

function GroupBox({ group, onToggle, testId }: { group: LocationGroup; onToggle: () => void; testId: string }) {
  return (
    <div className="flex items-center gap-2">
      <Checkbox
        data-testid={testId}
        checked={group.state === 'all'}
        indeterminate={group.state === 'partial'}
        onCheckedChange={onToggle}
        label={
          <span className="font-medium">
            {group.label} <span className="font-normal text-muted-foreground">({group.locations.length})</span>
          </span>
        }
      />
      {group.state === 'partial' ? (
        <span className="rounded bg-primary/15 px-1.5 text-[11px] font-medium text-primary">partial</span>
      ) : null}
    </div>
  );
}

/**
 * The one location dropdown of the angel investor screen (spec §2): 'All Locations' or
 * '{n} Selected'; Select All; Popular Countries; regions with a partial marker and 15 locations
 * each then '+N more'; Other Locations (20, then '+N more locations').
 */
export function LocationFilter({
  options,
  value,
  onChange,
}: {
  options: string[];
  value: string[];
  onChange: (v: string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const model = useMemo(() => locationModel(options, value), [options, value]);
  // Groups whose '+N more' was opened: every location of the group is listed.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const listed = (g: LocationGroup) => (expanded.has(g.key) ? g.locations : g.shown);
  const toggleExpanded = (key: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const moreButton = (g: LocationGroup, words: string) => (
    <button
      type="button"
      aria-expanded={expanded.has(g.key)}
      onClick={() => toggleExpanded(g.key)}
      className="self-start rounded text-xs font-medium text-primary underline-offset-2 hover:underline"
    >
      {expanded.has(g.key) ? 'Show fewer' : `+${g.more.toLocaleString('en-US')} ${words}`}
    </button>
  );

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // The panel stays inside the screen: it opens leftwards when the trigger sits near the
  // right edge, and is no taller than the room below the trigger (the page scrolls to make some).
  const [place, setPlace] = useState<CSSProperties>({});
  useLayoutEffect(() => {
    if (!open || !rootRef.current) return;
    const MIN_ROOM = 240;
    const GAP = 8;
    let r = rootRef.current.getBoundingClientRect();
    if (window.innerHeight - r.bottom < MIN_ROOM) {
      window.scrollBy(0, r.bottom + MIN_ROOM + GAP - window.innerHeight);
      r = rootRef.current.getBoundingClientRect();
    }
    const width = Math.min(352, window.innerWidth - 2 * GAP);
    const wide = window.innerWidth >= 640;
    const overflowRight = r.left + width > window.innerWidth - GAP;
    setPlace({
      maxHeight: Math.max(160, Math.min(512, window.innerHeight - r.bottom - GAP - 4)),
      ...(wide ? { width } : {}),
      ...(wide && overflowRight ? { left: 'auto', right: 0 } : {}),
    });
  }, [open]);

  const label = value.length === 0 ? 'All Locations' : `${value.length.toLocaleString('en-US')} Selected`;

  return (
    <div ref={rootRef} className="relative w-full sm:w-64">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`Locations: ${label}`}
        onClick={() => setOpen((o) => !o)}
        className={cn(controlClasses, 'flex h-10 items-center gap-2 py-2 pr-9 text-left')}
      >
        <MapPin className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className={cn('truncate', value.length === 0 && 'text-muted-foreground')}>{label}</span>
      </button>
      <ChevronDown
        aria-hidden="true"
        className={cn(
          'pointer-events-none absolute top-3 right-3 size-4 text-muted-foreground transition-transform',
          open && 'rotate-180',
        )}
      />
      {open ? (
        <div
          role="dialog"
          aria-label="Choose locations"
          data-testid="location-dropdown"
          style={place}
          className="absolute top-full left-0 z-40 mt-1 max-h-[min(70vh,32rem)] w-full sm:w-[22rem] animate-fade-in overflow-y-auto rounded-lg border border-border bg-popover p-3 text-popover-foreground shadow-lg"
        >
          <Checkbox
            checked={model.all === 'all'}
            indeterminate={model.all === 'partial'}
            onCheckedChange={() => onChange(toggleEveryLocation(options, value))}
            label={<span className="font-semibold">Select All</span>}
          />
          {model.popular.length ? (
            <section className="mt-3 border-t border-border pt-3">
              <h4 className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                Popular Countries
              </h4>
              <div className="grid grid-cols-1 gap-1.5">
                {model.popular.map((g) => (
                  <GroupBox
                    key={g.key}
                    group={g}
                    testId={`popular-${g.label}`}
                    onToggle={() => onChange(toggleGroup(g.locations, value))}
                  />
                ))}
              </div>
            </section>
          ) : null}
          <section className="mt-3 border-t border-border pt-3">
            <h4 className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Regions</h4>
            <div className="flex flex-col gap-3">
              {model.regions.map((g) => (
                <div key={g.key}>
                  <GroupBox
                    group={g}
                    testId={`region-${g.label}`}
                    onToggle={() => onChange(toggleGroup(g.locations, value))}
                  />
                  {g.shown.length ? (
                    <div className="mt-1.5 ml-6 flex flex-col gap-1">
                      {listed(g).map((loc) => (
                        <Checkbox
                          key={loc}
                          checked={value.includes(loc)}
                          onCheckedChange={() => onChange(toggleLocation(loc, value))}
                          label={loc}
                        />
                      ))}
                      {g.more ? moreButton(g, 'more') : null}
                    </div>
                  ) : null}
                </div>
              ))}
            </div>
          </section>
          {model.other.locations.length ? (
            <section className="mt-3 border-t border-border pt-3">
              <h4 className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                Other Locations
              </h4>
              <div className="flex flex-col gap-1">
                {listed(model.other).map((loc) => (
                  <Checkbox
                    key={loc}
                    checked={value.includes(loc)}
                    onCheckedChange={() => onChange(toggleLocation(loc, value))}
                    label={loc}
                  />
                ))}
                {model.other.more ? moreButton(model.other, 'more locations') : null}
              </div>
            </section>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
