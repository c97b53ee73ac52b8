import { AlertCircle, CheckCircle2, Info, X } from 'lucide-react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { cn } from '../lib/cn';
import { dismissToast, TOAST_SWIPE_THRESHOLD, toastDuration, useToast, type ToastItem } from './toast';

const variantClasses = {
  default: 'border-border bg-popover text-popover-foreground',
  destructive: 'border-destructive/40 bg-destructive text-destructive-foreground',
  success: 'border-success/40 bg-popover text-popover-foreground',
};

/**
 * Mount once near the root. Renders the one visible toast in the bottom-right corner (full width
 * at the bottom on phones), lifted above a sticky bar when one is shown (`--sticky-bottom`, see
 * ui/sticky.ts): the top of a page holds its title, search box and filters, which a toast there
 * covered for seconds. When the control just used sits in the lower half of the screen the toast
 * shows at the top instead, under the header (toastEdge). On phones it closes sooner (toastDuration).
 */
export function Toaster() {
  const { toasts } = useToast();
  const top = toasts[0]?.edge === 'top';
  return (
    <section
      aria-label="Notifications"
      style={top ? { top: 'calc(4rem + var(--sticky-top, 0px))' } : { bottom: 'var(--sticky-bottom, 0px)' }}
      className="pointer-events-none fixed inset-x-0 z-[60] flex flex-col items-stretch gap-2 p-3 sm:left-auto sm:items-end sm:p-4"
    >
      {toasts.map((t) => (
        <ToastView key={t.id} item={t} />
      ))}
    </section>
  );
}

function ToastView({ item }: { item: ToastItem }) {
  const { id, title, description, action, open } = item;
  const variant = item.variant ?? 'default';
  const duration = item.duration ?? toastDuration();
  const [paused, setPaused] = useState(false);
  const [dx, setDx] = useState(0);
  const drag = useRef<{ x: number; pointer: number } | null>(null);

  // Auto-close; the timer restarts after hover/focus pauses it (as common toast libraries do).
  useEffect(() => {
    if (!open || paused || !Number.isFinite(duration)) return;
    const t = setTimeout(() => dismissToast(id), duration);
    return () => clearTimeout(t);
  }, [id, open, paused, duration]);

  // Escape closes the toast unless something else (a dialog, a menu) already handled it.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) dismissToast(id);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [id, open]);

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    if ((e.target as HTMLElement).closest('button, a')) return;
    drag.current = { x: e.clientX, pointer: e.pointerId };
    e.currentTarget.setPointerCapture(e.pointerId);
    setPaused(true);
  }
  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    if (!drag.current || drag.current.pointer !== e.pointerId) return;
    // Only rightward swipes count; a small leftward give makes the drag feel physical.
    setDx(Math.max(-8, e.clientX - drag.current.x));
  }
  function onPointerEnd(e: PointerEvent<HTMLDivElement>) {
    if (!drag.current || drag.current.pointer !== e.pointerId) return;
    const moved = e.clientX - drag.current.x;
    drag.current = null;
    setPaused(false);
    if (moved > TOAST_SWIPE_THRESHOLD) {
      setDx(window.innerWidth);
      dismissToast(id);
    } else {
      setDx(0);
    }
  }

  const Icon = variant === 'destructive' ? AlertCircle : variant === 'success' ? CheckCircle2 : Info;
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      aria-live={variant === 'destructive' ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-state={open ? 'open' : 'closed'}
      data-variant={variant}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => !drag.current && setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      style={{
        transform: dx ? `translateX(${dx}px)` : undefined,
        transition: drag.current ? 'none' : 'transform 200ms ease-out, opacity 200ms ease-out',
        opacity: open ? Math.max(0.2, 1 - Math.max(0, dx) / 300) : 0,
      }}
      className={cn(
        'pointer-events-auto relative flex w-full max-w-sm touch-pan-y animate-toast-in items-start gap-3 rounded-xl border p-4 pr-10 shadow-xl select-none',
        variantClasses[variant],
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn(
          'mt-0.5 size-5 shrink-0',
          variant === 'success' ? 'text-success' : variant === 'default' && 'text-primary',
        )}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {title ? <div className="text-sm font-semibold">{title}</div> : null}
        {description ? (
          <div className={cn('text-sm', variant === 'destructive' ? 'opacity-90' : 'text-muted-foreground')}>
            {description}
          </div>
        ) : null}
        {action ? <div className="mt-2">{action}</div> : null}
      </div>
      <button
        type="button"
        aria-label="Close notification"
        onClick={() => dismissToast(id)}
        className={cn(
          'absolute top-3 right-3 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100',
          variant === 'destructive' ? 'hover:bg-white/15' : 'hover:bg-accent',
        )}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
