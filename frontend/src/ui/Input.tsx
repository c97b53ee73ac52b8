import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { controlClasses } from './Field';

/** A text input; `ref` works (React 19), so react-hook-form's register() spreads straight in. */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(controlClasses, 'h-10 py-2', className)} {...props} />;
}
