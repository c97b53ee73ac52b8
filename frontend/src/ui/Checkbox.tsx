import { useEffect, useId, useRef, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type' | 'onChange'> {
  /** Shows the mixed state (e.g. a partly chosen region). */
  indeterminate?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  onChange?: ComponentProps<'input'>['onChange'];
  /** Visible label; without it pass aria-label. */
  label?: ReactNode;
}

/** A native checkbox (keyboard and forms for free) with the theme's colours. */
export function Checkbox({
  indeterminate = false,
  onCheckedChange,
  onChange,
  label,
  className,
  id,
  ...props
}: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  const autoId = useId();
  const inputId = id ?? autoId;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  const input = (
    <input
      ref={ref}
      id={inputId}
      type="checkbox"
      aria-checked={indeterminate ? 'mixed' : undefined}
      className={cn(
        'size-4 shrink-0 rounded border-input accent-primary disabled:cursor-not-allowed disabled:opacity-50',
        label ? undefined : className,
      )}
      onChange={(e) => {
        onChange?.(e);
        onCheckedChange?.(e.target.checked);
      }}
      {...props}
    />
  );
  if (!label) return input;
  return (
    <label htmlFor={inputId} className={cn('inline-flex cursor-pointer items-center gap-2 text-sm', className)}>
      {input}
      <span>{label}</span>
    </label>
  );
}
