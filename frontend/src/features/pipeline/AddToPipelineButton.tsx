import type { InvestorKind } from '@fp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { KanbanSquare } from 'lucide-react';
import { useState } from 'react';
import { Button, toast, type ButtonSize, type ButtonVariant } from '../../ui';
import { addToPipeline, refreshPipeline } from './queries';

/** The API takes at most this many investors per request. */
const CHUNK = 500;

export interface AddToPipelineButtonProps {
  investorIds: readonly string[];
  investorKind: InvestorKind;
  size?: ButtonSize;
  variant?: ButtonVariant;
}

/**
 * "Add to Pipeline" for one investor (a details dialog) or a selection (the database's bar): new
 * cards start under Target; investors already on the board stay as they are, and the toast says so.
 */
export function AddToPipelineButton({
  investorIds,
  investorKind,
  size = 'sm',
  variant = 'outline',
}: AddToPipelineButtonProps) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const n = investorIds.length;

  async function onAdd() {
    setBusy(true);
    let added = 0;
    try {
      for (let i = 0; i < n; i += CHUNK) {
        const r = await addToPipeline(
          investorIds.slice(i, i + CHUNK).map((investorId) => ({ investorId, investorKind })),
        );
        added += r.added;
      }
      const already = n - added;
      toast({
        title: added ? `Added ${added.toLocaleString('en-US')} to your pipeline` : 'Already in your pipeline',
        description: [
          added ? 'New cards start under Target.' : null,
          already
            ? `${already.toLocaleString('en-US')} ${already === 1 ? 'was' : 'were'} already on your board.`
            : null,
        ]
          .filter(Boolean)
          .join(' '),
        variant: 'success',
        duration: 4000,
      });
    } catch (e) {
      const done = added ? ` ${added.toLocaleString('en-US')} were added before the error.` : '';
      toast({
        title: 'Could not add to your pipeline',
        description: `${(e as Error).message}${done}`,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
      void refreshPipeline(qc);
    }
  }

  return (
    <Button size={size} variant={variant} onClick={() => void onAdd()} disabled={busy || n === 0} loading={busy}>
      {busy ? null : <KanbanSquare className="size-4" aria-hidden="true" />}
      Add to Pipeline
    </Button>
  );
}
