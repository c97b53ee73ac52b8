import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { Input } from './Input';

/** A text input with a magnifier inside it, growing to fill its row (a search form's field). */
export function SearchField({ className, ...props }: ComponentProps<typeof Input>) {
  return (
    <div className="relative flex-1">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input className={cn('pl-9', className)} {...props} />
    </div>
  );
}
