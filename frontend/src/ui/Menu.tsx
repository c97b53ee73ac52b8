import { Check } from 'lucide-react';
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { cn } from '../lib/cn';

interface MenuCtx {
  close(refocus?: boolean): void;
}
const Ctx = createContext<MenuCtx | null>(null);

interface MenuTriggerProps {
  ref: RefObject<HTMLButtonElement | null>;
  id: string;
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  'aria-controls'?: string;
  onClick(): void;
  onKeyDown(e: KeyboardEvent<HTMLButtonElement>): void;
}

export interface MenuProps {
  /** Render the trigger button and spread the props onto it. */
  trigger: (props: MenuTriggerProps) => ReactNode;
  /** MenuItem / MenuLabel / MenuSeparator. */
  children: ReactNode;
  /** Accessible name of the menu. */
  label: string;
  align?: 'start' | 'end';
  side?: 'top' | 'bottom';
  className?: string;
  /** Width and placement of the popup. */
  contentClassName?: string;
}

const itemsOf = (el: HTMLElement | null) =>
  Array.from(el?.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([aria-disabled="true"])') ?? []);

/** A dropdown menu: arrows, Home/End move; Escape closes and returns focus; outside click closes. */
export function Menu({
  trigger,
  children,
  label,
  align = 'end',
  side = 'bottom',
  className,
  contentClassName,
}: MenuProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [focusLast, setFocusLast] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const items = itemsOf(menuRef.current);
    (focusLast ? items[items.length - 1] : items[0])?.focus();
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, focusLast]);

  function close(refocus = true) {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  }

  function onMenuKey(e: KeyboardEvent<HTMLDivElement>) {
    const items = itemsOf(menuRef.current);
    const i = items.indexOf(document.activeElement as HTMLElement);
    const go = (n: number) => {
      e.preventDefault();
      items[(n + items.length) % items.length]?.focus();
    };
    if (e.key === 'ArrowDown') go(i + 1);
    else if (e.key === 'ArrowUp') go(i - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(items.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === 'Tab') close(false);
  }

  const menuId = `${id}-menu`;
  return (
    <div ref={rootRef} className={cn('relative', className)}>
      {trigger({
        ref: triggerRef,
        id: `${id}-trigger`,
        'aria-haspopup': 'menu',
        'aria-expanded': open,
        'aria-controls': open ? menuId : undefined,
        onClick: () => {
          setFocusLast(false);
          setOpen((o) => !o);
        },
        onKeyDown: (e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setFocusLast(e.key === 'ArrowUp');
            setOpen(true);
          }
        },
      })}
      {open ? (
        <Ctx.Provider value={{ close }}>
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-label={label}
            onKeyDown={onMenuKey}
            className={cn(
              'absolute z-50 min-w-44 animate-fade-in rounded-lg border border-border bg-popover p-1 text-popover-foreground shadow-lg',
              side === 'bottom' ? 'top-full mt-1.5' : 'bottom-full mb-1.5',
              align === 'end' ? 'right-0' : 'left-0',
              contentClassName,
            )}
          >
            {children}
          </div>
        </Ctx.Provider>
      ) : null}
    </div>
  );
}

export interface MenuItemProps {
  children: ReactNode;
  icon?: ReactNode;
  /** Runs on click / Enter / Space; the menu closes first. */
  onSelect?: () => void;
  /** Renders a link (full navigation). */
  href?: string;
  /** Makes it a menuitemradio with a check mark. */
  checked?: boolean;
  disabled?: boolean;
  destructive?: boolean;
}

export function MenuItem({ children, icon, onSelect, href, checked, disabled, destructive }: MenuItemProps) {
  const ctx = useContext(Ctx);
  const cls = cn(
    'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm outline-none select-none',
    'hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:text-accent-foreground focus-visible:outline-none',
    '[&_svg]:size-4 [&_svg]:text-muted-foreground',
    destructive && 'text-destructive [&_svg]:text-destructive',
    disabled && 'pointer-events-none opacity-50',
  );
  const role = checked === undefined ? 'menuitem' : 'menuitemradio';
  const content = (
    <>
      {icon}
      <span className="flex-1">{children}</span>
      {checked ? <Check aria-hidden="true" className="!text-foreground" /> : null}
    </>
  );
  if (href) {
    return (
      <a
        role={role}
        href={href}
        tabIndex={-1}
        aria-disabled={disabled || undefined}
        className={cls}
        onClick={() => ctx?.close(false)}
      >
        {content}
      </a>
    );
  }
  return (
    <button
      type="button"
      role={role}
      tabIndex={-1}
      aria-checked={checked === undefined ? undefined : checked}
      aria-disabled={disabled || undefined}
      className={cls}
      onClick={() => {
        if (disabled) return;
        ctx?.close();
        onSelect?.();
      }}
    >
      {content}
    </button>
  );
}

export function MenuLabel({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('px-2 py-1.5 text-xs text-muted-foreground', className)}>{children}</div>;
}

export function MenuSeparator() {
  return <div role="separator" className="-mx-1 my-1 h-px bg-border" />;
}
