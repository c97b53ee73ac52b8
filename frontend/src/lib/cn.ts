import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names (clsx) and lets later Tailwind classes win over earlier ones of the same kind
 * (tailwind-merge), so a caller's `className` overrides a component's defaults:
 * cn('p-4 rounded-md', 'p-0 rounded-full') → 'p-0 rounded-full'. Without this, which of two
 * conflicting utilities applies depends on CSS order, not on the order written.
 */
export function cn(...parts: ClassValue[]): string {
  return twMerge(clsx(parts));
}
