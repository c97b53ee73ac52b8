import { X } from 'lucide-react';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../lib/cn';
import { currentOpener, returnFocus, trapTab } from './focus';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom (e.g. a Close button). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Hide the title visually but keep it for screen readers. */
  hideTitle?: boolean;
  className?: string;
}

const sizes = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' };

/** A modal dialog: focus is trapped inside, Escape and the backdrop close it, focus returns after. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  hideTitle,
  className,
}: DialogProps) {
  const id = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  // The control that opened the dialog, read while rendering the opening: a field with autoFocus
  // inside takes focus before any effect runs, and would be taken for the opener.
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current) opener.current = currentOpener();
  wasOpen.current = open;

  useEffect(() => {
    if (!open) return;
    const previous = opener.current;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    // Focus the first field (or the panel) once it is in the document.
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>('[autofocus], input, select, textarea') ?? panel;
    first?.focus();
    return () => {
      document.body.style.overflow = overflow;
      returnFocus(previous);
    };
  }, [open]);

  if (!open) return null;

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape') {
      // Marked handled so page-level Escape listeners (toasts) leave it alone.
      e.preventDefault();
      e.stopPropagation();
      onOpenChange(false);
      return;
    }
    trapTab(e, panelRef.current);
  }

  return createPortal(
    <div className="fixed inset-0 z-50" onKeyDown={onKeyDown}>
      <div
        className="absolute inset-0 animate-fade-in bg-black/60 backdrop-blur-[2px]"
        aria-hidden="true"
        onClick={() => onOpenChange(false)}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-desc` : undefined}
        tabIndex={-1}
        className={cn(
          'fixed top-1/2 left-1/2 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 animate-dialog-in flex-col',
          'rounded-xl border border-border bg-popover text-popover-foreground shadow-2xl outline-none',
          sizes[size],
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4 p-5 pb-2 sm:p-6 sm:pb-2">
          <div className="flex min-w-0 flex-col gap-1">
            <h2 id={`${id}-title`} className={cn('text-lg leading-tight font-semibold', hideTitle && 'sr-only')}>
              {title}
            </h2>
            {description ? (
              <p id={`${id}-desc`} className="text-sm text-muted-foreground">
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            aria-label="Close"
            onClick={() => onOpenChange(false)}
            className="-mt-1 -mr-2 rounded-md p-1.5 text-muted-foreground hover:bg-accent hover:text-foreground"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 pb-5 sm:px-6 sm:pb-6">{children}</div>
        {footer ? (
          <div className="flex flex-col-reverse gap-2 border-t border-border px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
            {footer}
          </div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
