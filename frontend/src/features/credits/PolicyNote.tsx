import { ACTION_PRICES, creditCount } from '@fp/contracts';
import { Info } from 'lucide-react';
import { cn } from '../../lib/cn';

/** The credits policy (docs/credits.md) in the founder's words. */
export function PolicyNote({ className }: { className?: string }) {
  return (
    <div className={cn('flex gap-3 rounded-xl border border-border bg-muted/40 p-4 text-sm', className)}>
      <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <p className="text-muted-foreground">
        <span className="font-medium text-foreground">You pay only for applications that are delivered.</span>{' '}
        {creditCount(ACTION_PRICES.vc_application)} per firm is charged when you submit; if an application fails or is
        stopped before the form was sent, the credit comes back automatically. A retry is charged again. An angel
        investor export costs {creditCount(ACTION_PRICES.angel_export)} per export, whatever the number of investors.
      </p>
    </div>
  );
}
