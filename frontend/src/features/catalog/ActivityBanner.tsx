import { AlertTriangle, X } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import type { ActivityGuard } from '../../lib/activity-guard';

/** The guard's state for React; pointer movement counts as a human sign (lifts blocking). */
export function useActivityGuard(guard: ActivityGuard) {
  const snapshot = useSyncExternalStore(guard.subscribe, guard.getSnapshot, guard.getSnapshot);
  useEffect(() => {
    if (!snapshot.blocking) return;
    const onMove = () => guard.humanActivity();
    window.addEventListener('pointermove', onMove, { once: true });
    return () => window.removeEventListener('pointermove', onMove);
  }, [guard, snapshot.blocking]);
  return snapshot;
}

/** The dismissible activity-warning banner (spec §2), shown while the guard has a warning. */
export function ActivityBanner({ guard }: { guard: ActivityGuard }) {
  const { warning } = useActivityGuard(guard);
  if (!warning) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-sm"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      <p className="flex-1">{warning}</p>
      <button
        type="button"
        aria-label="Dismiss warning"
        onClick={() => guard.dismissWarning()}
        className="-m-1 rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
