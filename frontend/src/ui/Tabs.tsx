import { createContext, useContext, useId, useState, type ComponentProps, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../lib/cn';

interface TabsCtx {
  value: string;
  setValue(v: string): void;
  baseId: string;
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
  const current = value ?? inner;
  const setValue = (v: string) => {
    if (value === undefined) setInner(v);
    onValueChange?.(v);
  };
  return (
    <Ctx.Provider value={{ value: current, setValue, baseId }}>
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
      aria-controls={`${t.baseId}-panel-${value}`}
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
  if (!selected && !forceMount) return null;
  return (
    <div
      role="tabpanel"
      id={`${t.baseId}-panel-${value}`}
      aria-labelledby={`${t.baseId}-tab-${value}`}
      hidden={!selected}
      tabIndex={0}
      className={cn('outline-none', className)}
      {...props}
    />
  );
}
