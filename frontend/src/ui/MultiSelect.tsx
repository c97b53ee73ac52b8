import { Check, ChevronDown, Search, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../lib/cn';
import { controlClasses } from './Field';

interface MultiSelectOption {
  value: string;
  label: string;
}

export interface MultiSelectProps {
  options: ReadonlyArray<MultiSelectOption | string>;
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Accessible name of the control (also the visible label when `showLabel`). */
  label: string;
  showLabel?: boolean;
  /** Shown when nothing is chosen, e.g. 'All countries'. */
  placeholder?: string;
  /** Shows a filter box; defaults to on for more than 8 options. */
  searchable?: boolean;
  disabled?: boolean;
  className?: string;
}

const norm = (o: MultiSelectOption | string): MultiSelectOption => (typeof o === 'string' ? { value: o, label: o } : o);

/**
 * A dropdown list of checkboxes. Keyboard: Enter/Space/↓ opens; ↑/↓/Home/End move; Enter or Space
 * toggles; typing filters (when searchable); Escape or Tab closes.
 */
export function MultiSelect({
  options,
  value,
  onChange,
  label,
  showLabel = false,
  placeholder = 'Select…',
  searchable,
  disabled,
  className,
}: MultiSelectProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const all = useMemo(() => options.map(norm), [options]);
  const canSearch = searchable ?? all.length > 8;
  const visible = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return q ? all.filter((o) => o.label.toLowerCase().includes(q)) : all;
  }, [all, filter]);
  const selected = useMemo(() => new Set(value), [value]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    (canSearch ? searchRef.current : listRef.current)?.focus();
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, canSearch]);

  useEffect(() => {
    if (active >= visible.length) setActive(Math.max(0, visible.length - 1));
  }, [visible.length, active]);

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);

  function toggle(v: string) {
    onChange(selected.has(v) ? value.filter((x) => x !== v) : [...value, v]);
  }

  function close(refocus = true) {
    setOpen(false);
    setFilter('');
    if (refocus) triggerRef.current?.focus();
  }

  function onListKey(e: KeyboardEvent) {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        setActive((i) => Math.min(visible.length - 1, i + 1));
        break;
      case 'ArrowUp':
        e.preventDefault();
        setActive((i) => Math.max(0, i - 1));
        break;
      case 'Home':
        e.preventDefault();
        setActive(0);
        break;
      case 'End':
        e.preventDefault();
        setActive(visible.length - 1);
        break;
      case 'Enter':
      case ' ':
        // Space types into the filter box; Enter always toggles.
        if (e.key === ' ' && e.target === searchRef.current) return;
        e.preventDefault();
        if (visible[active]) toggle(visible[active].value);
        break;
      case 'Escape':
        e.preventDefault();
        e.stopPropagation();
        close();
        break;
      case 'Tab':
        close(false);
        break;
    }
  }

  const summary =
    value.length === 0
      ? placeholder
      : value.length === 1
        ? (all.find((o) => o.value === value[0])?.label ?? value[0])
        : `${value.length} Selected`;
  const listId = `${id}-list`;
  const activeId = visible[active] ? `${id}-opt-${active}` : undefined;

  return (
    <div ref={rootRef} className={cn('relative flex flex-col gap-1.5', className)}>
      {showLabel ? (
        <span id={`${id}-label`} className="text-sm font-medium">
          {label}
        </span>
      ) : null}
      <button
        ref={triggerRef}
        type="button"
        disabled={disabled}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={showLabel ? undefined : `${label}: ${summary}`}
        aria-labelledby={showLabel ? `${id}-label ${id}-value` : undefined}
        onClick={() => (open ? close() : setOpen(true))}
        onKeyDown={(e) => {
          if (!open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
            e.preventDefault();
            setOpen(true);
          }
        }}
        className={cn(
          controlClasses,
          'flex h-10 items-center py-2 pr-9 text-left',
          value.length > 0 && !disabled && 'pr-16',
        )}
      >
        <span id={`${id}-value`} className={cn('truncate', value.length === 0 && 'text-muted-foreground')}>
          {summary}
        </span>
      </button>
      <ChevronDown
        aria-hidden="true"
        className={cn(
          'pointer-events-none absolute right-3 bottom-3 size-4 text-muted-foreground transition-transform',
          open && 'rotate-180',
        )}
      />
      {value.length > 0 && !disabled ? (
        <button
          type="button"
          aria-label={`Clear ${label}`}
          onClick={() => {
            onChange([]);
            triggerRef.current?.focus();
          }}
          className="absolute right-8 bottom-2.5 rounded p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground"
        >
          <X className="size-3.5" aria-hidden="true" />
        </button>
      ) : null}

      {open ? (
        <div
          className="absolute top-full left-0 z-40 mt-1 w-full min-w-56 animate-fade-in overflow-hidden rounded-lg border border-border bg-popover text-popover-foreground shadow-lg"
          onKeyDown={onListKey}
        >
          {canSearch ? (
            <div className="flex items-center gap-2 border-b border-border px-3">
              <Search className="size-4 text-muted-foreground" aria-hidden="true" />
              <input
                ref={searchRef}
                value={filter}
                onChange={(e) => {
                  setFilter(e.target.value);
                  setActive(0);
                }}
                placeholder="Filter…"
                aria-label={`Filter ${label}`}
                aria-controls={listId}
                aria-activedescendant={activeId}
                className="h-9 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
              />
            </div>
          ) : null}
          <ul
            ref={listRef}
            id={listId}
            role="listbox"
            aria-multiselectable="true"
            aria-label={label}
            aria-activedescendant={activeId}
            tabIndex={canSearch ? -1 : 0}
            className="max-h-64 overflow-y-auto p-1 outline-none"
          >
            {visible.length === 0 ? <li className="px-2 py-2 text-sm text-muted-foreground">No matches</li> : null}
            {visible.map((o, i) => {
              const isSel = selected.has(o.value);
              return (
                <li
                  key={o.value}
                  id={`${id}-opt-${i}`}
                  data-index={i}
                  role="option"
                  aria-selected={isSel}
                  onPointerMove={() => setActive(i)}
                  onClick={() => toggle(o.value)}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm select-none',
                    i === active && 'bg-accent text-accent-foreground',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'flex size-4 shrink-0 items-center justify-center rounded border',
                      isSel ? 'border-primary bg-primary text-primary-foreground' : 'border-input',
                    )}
                  >
                    {isSel ? <Check className="size-3" strokeWidth={3} /> : null}
                  </span>
                  <span className="truncate">{o.label}</span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
