import { needsSpendConfirmation, spendQuestion } from '@fp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { choicesQueryOptions } from '../profile';
import { creditBalanceQueryOptions, creditKeys } from './queries';

interface Asking {
  cost: number;
  balance: number;
  what: string;
  /** Whose credits, when not the signed-in user's own (an operator acting on a founder's run). */
  owner?: string;
}

/** Someone else's credits: an operator is always asked, with the owner's balance read from the server. */
export interface SpendOnBehalf {
  owner: string;
  balance: () => Promise<number | null>;
}

const credits = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'credit' : 'credits'}`;

/**
 * Ask before spending: `confirm(cost, what)` resolves true when the founder agrees to spend
 * `cost` credits (or chose in Settings to skip the question below an amount), false when they cancel.
 * The balance shown is read from the server at that moment, never a cached guess.
 */
export function useSpendConfirmation(): {
  confirm: (cost: number, what: string, onBehalf?: SpendOnBehalf) => Promise<boolean>;
  dialog: ReactNode;
} {
  const qc = useQueryClient();
  const [asking, setAsking] = useState<Asking | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const answer = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setAsking(null);
  };

  const confirm = useCallback(
    async (cost: number, what: string, onBehalf?: SpendOnBehalf) => {
      // The setting lives server-side with the founder's standing choices; unreadable → always ask.
      // It is about one's own credits: an operator spending a founder's is always asked.
      const skipBelow = onBehalf
        ? 0
        : await qc.fetchQuery(choicesQueryOptions()).then(
            (c) => c.skipSpendConfirmBelow ?? 0,
            () => 0,
          );
      if (!needsSpendConfirmation(cost, skipBelow)) return true;
      let balance: number | null;
      if (onBehalf) balance = await onBehalf.balance().catch(() => null);
      else {
        await qc.invalidateQueries({ queryKey: creditKeys.balance() });
        balance = await qc.fetchQuery({ ...creditBalanceQueryOptions(), staleTime: 0 }).catch(() => null);
      }
      // Without the server's balance the question cannot be honest, and a balance too short is the
      // server's to refuse (it answers "Insufficient Credits" with the figures): no question then.
      // Someone else's credits are never spent without the question: no balance, no spend.
      if (balance === null) return !onBehalf;
      if (balance < cost) return true;
      return new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        setAsking({ cost, balance, what, owner: onBehalf?.owner });
      });
    },
    [qc],
  );

  const after = asking ? asking.balance - asking.cost : 0;
  const dialog = (
    <Dialog
      open={!!asking}
      onOpenChange={(open) => !open && answer(false)}
      title={asking ? spendQuestion(asking.cost, asking.balance, asking.owner) : ''}
      description={
        asking
          ? `${asking.what}. ${asking.owner ? `${asking.owner} will have` : 'You will have'} ${credits(after)} left.`
          : undefined
      }
      size="sm"
      footer={
        asking ? (
          <>
            <Button variant="outline" onClick={() => answer(false)}>
              Cancel
            </Button>
            <Button onClick={() => answer(true)} data-testid="spend-confirm">
              Spend {credits(asking.cost)}
            </Button>
          </>
        ) : null
      }
    >
      {asking && !asking.owner ? (
        <p className="text-xs text-muted-foreground">
          To skip this question for small amounts, choose an amount under Settings → Spending.
        </p>
      ) : null}
    </Dialog>
  );
  return { confirm, dialog };
}
