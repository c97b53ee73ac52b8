import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

/** A placeholder block; size it with classes (h-4 w-32 …). Hidden from screen readers. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
