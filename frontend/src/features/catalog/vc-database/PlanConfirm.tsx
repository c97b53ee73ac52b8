import { needsSpendConfirmation, spendQuestion, type SubmitPlanResponse } from '@fp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Ban, MonitorPlay } from 'lucide-react';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { plural } from '../../../lib/plural';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { choicesQueryOptions } from '../../profile';
import type { VcVariant } from '../vc-queries';

/** The skipped firms grouped by why (one message, the firms it applies to), in the order first seen. */
function skippedByReason(skipped: SubmitPlanResponse['skipped']): { message: string; names: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const s of skipped) {
    const names = groups.get(s.message) ?? [];
    names.push(s.name ?? 'A firm no longer in the database');
    groups.set(s.message, names);
  }
  return [...groups].map(([message, names]) => ({ message, names }));
}

function PlanDetails({ plan }: { plan: SubmitPlanResponse }) {
  const live = plan.apply.filter((a) => a.needsYou);
  const groups = skippedByReason(plan.skipped);
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="submit-plan">
      {live.length ? (
        <section className="flex flex-col gap-1" aria-label="Needs you in the live view">
          <h3 className="flex items-center gap-1.5 font-medium">
            <MonitorPlay className="size-4 text-primary" aria-hidden="true" />
            {plural(live.length, 'firm')} will need you in the live view
          </h3>
          <ul className="flex flex-col gap-0.5 pl-6 text-muted-foreground">
            {live.map((a) => (
              <li key={a.vcId}>
                <span className="font-medium text-foreground">{a.name}</span>: {a.needsYou}. The application waits for
                you under Submissions.
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {groups.length ? (
        <section className="flex flex-col gap-1" aria-label="Skipped, not charged">
          <h3 className="flex items-center gap-1.5 font-medium">
            <Ban className="size-4 text-muted-foreground" aria-hidden="true" />
            {plural(plan.skipped.length, 'firm')} will be skipped, not charged
          </h3>
          <ul className="flex max-h-48 flex-col gap-1.5 overflow-y-auto pl-6">
            {groups.map((g) => (
              <li key={g.message} className="flex flex-col">
                <span className="font-medium">{g.names.join(', ')}</span>
                <span className="text-muted-foreground">{g.message}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/**
 * The question before submitting, asked from the server's plan (the same plan the submit carries
 * out): the exact credits, the firms it will skip and why, the firms that need the founder in the
 * live view. Nothing to apply to: it says so, with 0 credits, and offers nothing to confirm.
 */
export function usePlanConfirmation(): {
  confirm: (plan: SubmitPlanResponse, variant: VcVariant) => Promise<boolean>;
  dialog: ReactNode;
} {
  const qc = useQueryClient();
  const [asking, setAsking] = useState<{ plan: SubmitPlanResponse; variant: VcVariant } | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const answer = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setAsking(null);
  };

  const confirm = useCallback(
    async (plan: SubmitPlanResponse, variant: VcVariant) => {
      const nothing = plan.apply.length === 0;
      const plain = plan.skipped.length === 0 && plan.apply.every((a) => !a.needsYou);
      if (!nothing) {
        // Short of credits: the server refuses with the figures ("Insufficient Credits"), no question.
        if (plan.credits > plan.balance) return true;
        // The founder's "don't ask below" choice holds only when there is nothing else to tell.
        const skipBelow = await qc.fetchQuery(choicesQueryOptions()).then(
          (c) => c.skipSpendConfirmBelow ?? 0,
          () => 0,
        );
        if (plain && !needsSpendConfirmation(plan.credits, skipBelow)) return true;
      }
      return new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        setAsking({ plan, variant });
      });
    },
    [qc],
  );

  const plan = asking?.plan;
  const nothing = !!plan && plan.apply.length === 0;
  const what = plan
    ? `${plural(plan.apply.length, asking.variant === 'test' ? 'test application' : 'application')}, one credit each`
    : '';
  const dialog = (
    <Dialog
      open={!!asking}
      onOpenChange={(open) => !open && answer(false)}
      title={!plan ? '' : nothing ? 'Nothing to send: 0 credits' : spendQuestion(plan.credits, plan.balance)}
      description={
        !plan
          ? undefined
          : nothing
            ? `None of the selected firms can be applied to now, so nothing will be sent and no credits will be charged. You keep ${plural(plan.balance, 'credit')}.`
            : `${what}. You will have ${plural(plan.balance - plan.credits, 'credit')} left.`
      }
      size="md"
      footer={
        !plan ? null : nothing ? (
          <Button onClick={() => answer(false)} data-testid="plan-close">
            Choose Other Firms
          </Button>
        ) : (
          <>
            <Button variant="outline" onClick={() => answer(false)}>
              Cancel
            </Button>
            <Button onClick={() => answer(true)} data-testid="spend-confirm">
              Spend {plural(plan.credits, 'credit')}
            </Button>
          </>
        )
      }
    >
      {plan ? <PlanDetails plan={plan} /> : null}
      {plan?.skipped.some((x) => x.reason === 'reserved_domain') ? (
        <p className="mt-3 rounded-md bg-muted/60 px-3 py-2 text-xs text-muted-foreground" data-testid="plan-demo-note">
          Demo firms are examples, not real investors: applying for real needs firms with a real website. To watch an
          application go through now, try the test firms.
        </p>
      ) : null}
      {plan && !nothing ? (
        <p className="mt-3 text-xs text-muted-foreground">
          To skip this question for small amounts, choose an amount under Settings → Spending.
        </p>
      ) : null}
    </Dialog>
  );
  return { confirm, dialog };
}
