import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { cn } from '../lib/cn';

interface TabsCtx {
  value: string;
  setValue(v: string): void;
  baseId: string;
  /** Values whose panel is in the document: a tab names its panel (aria-controls) only then. */
  panels: ReadonlySet<string>;
  setPanel(value: string, present: boolean): void;
}
const Ctx = createContext<TabsCtx | null>(null);
function useTabs(): TabsCtx {
  const c = useContext(Ctx);
  if (!c) throw new Error('Tabs parts must be inside <Tabs>');
  return c;
}

export interface TabsProps {
  /** Controlled value; omit and pass defaultValue for uncontrolled. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  children: ReactNode;
  className?: string;
}

/**
 * <Tabs defaultValue="all"><TabsList aria-label="Status"><TabsTrigger value="all">All</TabsTrigger>…</TabsList>
 * <TabsContent value="all">…</TabsContent></Tabs>. Arrow keys, Home and End move between tabs.
 */
export function Tabs({ value, defaultValue = '', onValueChange, children, className }: TabsProps) {
  const [inner, setInner] = useState(defaultValue);
  const baseId = useId();
  const [panels, setPanels] = useState<ReadonlySet<string>>(() => new Set());
  // Stable across renders: panels register in an effect that must not rerun on every render.
  const setPanel = useCallback(
    (v: string, present: boolean) =>
      setPanels((s) => {
        if (s.has(v) === present) return s;
        const next = new Set(s);
        if (present) next.add(v);
        else next.delete(v);
        return next;
      }),
    [],
  );
  const current = value ?? inner;
  const setValue = (v: string) => {
    if (value === undefined) setInner(v);
    onValueChange?.(v);
  };
  return (
    <Ctx.Provider value={{ value: current, setValue, baseId, panels, setPanel }}>
      <div className={cn('flex flex-col gap-4', className)}>{children}</div>
    </Ctx.Provider>
  );
}

export function TabsList({ className, ...props }: ComponentProps<'div'>) {
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const tabs = Array.from(e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'));
    const i = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (i < 0) return;
    let next = -1;
    if (e.key === 'ArrowRight') next = (i + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') next = (i - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    e.preventDefault();
    tabs[next].focus();
    tabs[next].click();
  }
  return (
    <div
      role="tablist"
      onKeyDown={onKeyDown}
      className={cn(
        'inline-flex h-10 max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export interface TabsTriggerProps extends Omit<ComponentProps<'button'>, 'value'> {
  value: string;
}

export function TabsTrigger({ value, className, children, ...props }: TabsTriggerProps) {
  const t = useTabs();
  const selected = t.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={`${t.baseId}-tab-${value}`}
      aria-selected={selected}
      // Screens may render a tab's content without a TabsContent: a reference to no element is invalid ARIA.
      aria-controls={t.panels.has(value) ? `${t.baseId}-panel-${value}` : undefined}
      tabIndex={selected ? 0 : -1}
      onClick={() => t.setValue(value)}
      className={cn(
        'inline-flex h-8 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors',
        'hover:text-foreground disabled:opacity-50',
        selected && 'bg-background text-foreground shadow-sm',
        className,
      )}
      {...props}
    >
      {children}
    </button>
  );
}

export interface TabsContentProps extends ComponentProps<'div'> {
  value: string;
  /** Keep the panel mounted (hidden) when not selected. */
  forceMount?: boolean;
}

export function TabsContent({ value, forceMount, className, ...props }: TabsContentProps) {
  const t = useTabs();
  const selected = t.value === value;
  const mounted = selected || !!forceMount;
  const { setPanel } = t;
  useEffect(() => {
    setPanel(value, mounted);
    return () => setPanel(value, false);
  }, [setPanel, value, mounted]);
  if (!mounted) return null;
  return (
    <div
      role="tabpanel"
      id={`${t.baseId}-panel-${value}`}
      aria-labelledby={`${t.baseId}-tab-${value}`}
      hidden={!selected}
      tabIndex={0}
      // Focusable (a panel with no focusable content is still reached by Tab): the global focus ring shows.
      className={className}
      {...props}
    />
  );
}
