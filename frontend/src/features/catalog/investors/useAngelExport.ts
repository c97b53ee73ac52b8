import { ACTION_PRICES, EXPORT_INSUFFICIENT } from '@fp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../ui/toast';
import { creditBalanceQueryOptions, creditKeys, useSpendConfirmation } from '../../credits';
import { describeFailure } from '../describe-failure';
import { exportAngels } from '../investor-queries';
import { fmt } from './format';
import type { InvestorSelection } from './useInvestorSelection';

/** Exporting the selection as a CSV for one credit (spec §8), asked first, and what was exported. */
export function useAngelExport(ready: boolean, selection: InvestorSelection) {
  const queryClient = useQueryClient();
  const { selected } = selection;
  const balance = useQuery({ ...creditBalanceQueryOptions(), enabled: ready });
  const credits = balance.data;
  const canAfford = credits !== undefined && credits >= ACTION_PRICES.angel_export;
  const [exporting, setExporting] = useState(false);
  const [exported, setExported] = useState<number | null>(null);
  const spend = useSpendConfirmation();

  async function onExport() {
    if (selected.size === 0) {
      toast({
        title: 'No Angel Investors Selected',
        description: 'Please select at least one angel investor to export',
        variant: 'destructive',
      });
      return;
    }
    if (!canAfford) {
      toast({
        title: 'Insufficient Credits',
        description: EXPORT_INSUFFICIENT,
        variant: 'destructive',
      });
      return;
    }
    const count = selected.size;
    // The export is charged one credit: asked first, with the server's balance.
    if (!(await spend.confirm(1, `Export ${fmt(count)} angel ${count === 1 ? 'investor' : 'investors'} to CSV`)))
      return;
    setExporting(true);
    try {
      await exportAngels([...selected]);
      selection.clear();
      setExported(count);
      toast({
        title: 'Export Successful!',
        description: `Downloaded ${fmt(count)} angel investors data.`,
        variant: 'success',
        duration: 5000,
      });
    } catch (err) {
      toast({
        title: 'Export Failed',
        description: describeFailure(err, 'Failed to export investor data. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setExporting(false);
      void queryClient.invalidateQueries({ queryKey: creditKeys.all });
    }
  }

  return {
    credits,
    canAfford,
    exporting,
    exported,
    dismissExported: () => setExported(null),
    run: () => void onExport(),
    spendDialog: spend.dialog,
  };
}

export type AngelExport = ReturnType<typeof useAngelExport>;
