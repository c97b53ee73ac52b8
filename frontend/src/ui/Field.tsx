import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('text-sm leading-none font-medium text-foreground', className)} {...props} />;
}

export interface FieldProps {
  label: ReactNode;
  /** Render prop gets the ids to put on the control: <Field label="Email">{(p) => <Input {...p} />}</Field> */
  children: (control: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Visual asterisk only (nothing is enforced; screen readers get the label alone). */
  required?: boolean;
  className?: string;
}

/** Label + control + hint/error, wired for screen readers. */
export function Field({ label, children, hint, error, required, className }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      {/* The asterisk sits outside <label> so the field's accessible name stays exactly `label`. */}
      <div className="flex items-baseline gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {required ? (
          <span className="text-sm leading-none font-medium text-destructive" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Shared look of text-like controls. */
export const controlClasses = cn(
  'w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm text-foreground shadow-xs transition-colors',
  'placeholder:text-muted-foreground',
  'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
  'disabled:cursor-not-allowed disabled:opacity-50',
  'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/40',
);
