import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('joins like clsx', () => {
    expect(cn('a', false && 'b', null, undefined, ['c', { d: true, e: false }])).toBe('a c d');
  });

  it('lets later utilities of the same family win', () => {
    expect(cn('p-4 rounded-md', 'p-0 rounded-full')).toBe('p-0 rounded-full');
    expect(cn('animate-pulse rounded-md bg-muted', 'h-10 w-10 rounded-full')).toBe(
      'animate-pulse bg-muted h-10 w-10 rounded-full',
    );
    expect(cn('inline-flex h-10 px-4', 'hidden')).toBe('h-10 px-4 hidden');
    expect(cn('text-sm text-muted-foreground', 'text-base text-destructive')).toBe('text-base text-destructive');
    expect(cn('bg-primary hover:bg-primary/90', 'bg-destructive')).toBe('hover:bg-primary/90 bg-destructive');
    expect(cn('border border-input', 'border-destructive')).toBe('border border-destructive');
    expect(cn('font-medium', 'font-bold font-mono')).toBe('font-bold font-mono');
    expect(cn('min-w-0 w-full', 'w-auto')).toBe('min-w-0 w-auto');
    expect(cn('flex flex-col gap-2', 'flex-row gap-x-4')).toBe('flex gap-2 flex-row gap-x-4');
  });

  it('keeps refinements that come after a shorthand, drops ones it overrides', () => {
    expect(cn('p-5 pt-0', 'pt-6')).toBe('p-5 pt-6');
    expect(cn('pt-2 px-3', 'p-4')).toBe('p-4');
    expect(cn('w-4 h-4', 'size-6')).toBe('size-6');
    expect(cn('rounded-t-lg', 'rounded-none')).toBe('rounded-none');
    expect(cn('border-b-2', 'border-0')).toBe('border-0');
  });

  it('treats variants and important separately', () => {
    expect(cn('p-2 sm:p-4', 'p-3')).toBe('sm:p-4 p-3');
    expect(cn('hover:focus:bg-accent', 'focus:hover:bg-muted')).toBe('focus:hover:bg-muted');
    expect(cn('p-2', 'p-3!')).toBe('p-2 p-3!');
    expect(cn('[&_svg]:size-4', '[&_svg]:size-3')).toBe('[&_svg]:size-3');
    expect(cn('data-[state=open]:bg-accent', 'data-[state=open]:bg-muted')).toBe('data-[state=open]:bg-muted');
  });

  it('does not mix unrelated utilities that share a prefix', () => {
    expect(cn('flex', 'flex-1')).toBe('flex flex-1');
    expect(cn('border-sidebar-border', 'border-r')).toBe('border-sidebar-border border-r');
    expect(cn('text-[11px]', 'text-primary-foreground')).toBe('text-[11px] text-primary-foreground');
    expect(cn('outline-none', 'outline-2 outline-ring outline-offset-2')).toBe(
      'outline-none outline-2 outline-ring outline-offset-2',
    );
    expect(cn('shadow-sm', 'shadow-primary/20')).toBe('shadow-sm shadow-primary/20');
    expect(cn('-translate-x-1/2', 'translate-x-0')).toBe('translate-x-0');
    expect(cn('touch-pan-y', 'select-none')).toBe('touch-pan-y select-none');
  });
});
