import { ACTION_PRICES, creditCount } from '@fp/contracts';
import { Link } from '@tanstack/react-router';
import { CheckCircle2, Download, X } from 'lucide-react';
import { useAppConfig } from '../../../lib/identity';
import { Button, buttonVariants } from '../../../ui/Button';
import { useStickyInset } from '../../../ui/sticky';
import { AddToPipelineButton } from '../../pipeline';
import { fmt } from './format';
import { plural } from '../../../lib/plural';
import type { AngelExport } from './useAngelExport';
import type { InvestorSelection } from './useInvestorSelection';

/** After an export: how many were exported, and the book-a-call link when one is configured. */
export function ExportSuccess({ exporter }: { exporter: AngelExport }) {
  const config = useAppConfig();
  if (exporter.exported === null) return null;
  return (
    <div
      role="status"
      data-testid="export-success"
      className="flex items-start gap-3 rounded-lg border border-success/40 bg-success/10 px-4 py-3 text-sm"
    >
      <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
      <p className="flex-1">
        <span className="font-medium">Successfully exported {fmt(exporter.exported)} angel investors!</span>{' '}
        {/* Only with a configured BOOK_CALL_URL: there is no default page to send founders to. */}
        {config.bookCallUrl ? (
          <>
            Want us to reach out to them for you?{' '}
            <a
              href={config.bookCallUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              book a call
            </a>
          </>
        ) : null}
      </p>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={exporter.dismissExported}
        className="-m-1 rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** Shown once investors are selected: the count, clear, add to pipeline and the CSV export. */
export function SelectionBar({ selection, exporter }: { selection: InvestorSelection; exporter: AngelExport }) {
  const { selected } = selection;
  // Sticks below the header; focus and scrolling keep clear of it (ui/sticky.ts).
  const stickyRef = useStickyInset('top');
  if (selected.size === 0) return null;
  const { credits, exporting } = exporter;
  return (
    <div
      ref={stickyRef}
      data-testid="selection-bar"
      className="sticky top-[4.5rem] z-20 flex flex-col gap-3 rounded-xl border border-primary/30 bg-popover/95 p-3 shadow-lg backdrop-blur sm:flex-row sm:items-center sm:justify-between sm:px-4"
    >
      <p className="font-medium" aria-live="polite">
        {plural(selected.size, 'investor')} selected
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" size="sm" onClick={selection.clear} disabled={exporting}>
          Clear Selection
        </Button>
        <AddToPipelineButton investorIds={[...selected]} investorKind="angel" />
        {credits !== undefined && credits < ACTION_PRICES.angel_export ? (
          <Link to="/pricing" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            Get More Credits
          </Link>
        ) : null}
        <Button
          size="sm"
          onClick={exporter.run}
          disabled={exporting || selected.size === 0 || !exporter.canAfford}
          loading={exporting}
        >
          {exporting ? null : <Download className="size-4" aria-hidden="true" />}
          {exporting ? 'Exporting...' : `Export to CSV (${creditCount(ACTION_PRICES.angel_export)})`}
        </Button>
      </div>
    </div>
  );
}
