import { useEffect, useState } from 'react';

const ANIMATION_STEP = 2;
const ANIMATION_INTERVAL_MS = 20;

/** One animation tick: 2 points toward the target, never past it. */
export function nextAnimatedValue(current: number, target: number): number {
  if (current < target) return Math.min(target, current + ANIMATION_STEP);
  if (current > target) return Math.max(target, current - ANIMATION_STEP);
  return current;
}

/** The dashboard progress bar's value: moves by 2 points every 20 ms up (or down) to `target` (spec §4). */
export function useAnimatedPercentage(target: number): number {
  const goal = Math.max(0, Math.min(100, Number.isFinite(target) ? Math.round(target) : 0));
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (value === goal) return;
    const timer = setInterval(() => {
      setValue((v) => {
        const next = nextAnimatedValue(v, goal);
        if (next === goal) clearInterval(timer);
        return next;
      });
    }, ANIMATION_INTERVAL_MS);
    return () => clearInterval(timer);
    // Restart only when the goal changes; the interval itself walks the value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [goal]);
  return value;
}
