import type { Purchase } from '@fp/contracts';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { CheckCircle2, Clock, X } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '../../ui/Spinner';
import { purchasesQueryOptions } from './queries';

const route = getRouteApi('/credits');
/** How long the page waits for the provider's confirmation before saying it is late. */
const CONFIRM_WAIT_MS = 120_000;
/** A purchase this recent is the one the founder just came back from. */
const RECENT_MS = 30 * 60_000;

/** The purchase the founder just paid for: the newest one within the last half hour, if the server holds it. */
function justPaid(purchases: readonly Purchase[], now: number): Purchase | undefined {
  return purchases
    .filter((p) => now - Date.parse(p.purchasedAt) <= RECENT_MS)
    .sort((a, b) => Date.parse(b.purchasedAt) - Date.parse(a.purchasedAt))[0];
}

/**
 * Back from the checkout (/credits?purchase=success): says the payment succeeded once the server
 * holds the purchase (the provider's webhook may land a moment after the redirect), and until then
 * that it is waiting for the confirmation — never a success the server does not hold.
 */
export function PaymentReturnNotice() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const [arrived] = useState(() => Date.now());
  const returning = search.purchase === 'success';
  const purchases = useQuery({
    ...purchasesQueryOptions(),
    enabled: returning,
    refetchInterval: (q) =>
      returning && !justPaid(q.state.data?.purchases ?? [], Date.now()) && Date.now() - arrived < CONFIRM_WAIT_MS
        ? 2000
        : false,
  });
  if (!returning) return null;
  const paid = justPaid(purchases.data?.purchases ?? [], Date.now());
  const late = !paid && Date.now() - arrived >= CONFIRM_WAIT_MS;
  const dismiss = () => void navigate({ to: '.', search: {}, replace: true });
  return (
    <div
      role="status"
      data-testid="payment-return-notice"
      className={
        paid
          ? 'flex items-start gap-3 rounded-lg border border-success/40 bg-success/10 px-4 py-3 text-sm'
          : 'flex items-start gap-3 rounded-lg border border-border bg-muted px-4 py-3 text-sm'
      }
    >
      {paid ? (
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
      ) : late ? (
        <Clock className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      ) : (
        <Spinner size="sm" label="" className="mt-0.5" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="font-semibold">
          {paid ? 'Payment succeeded' : late ? 'Payment not confirmed yet' : 'Confirming your payment…'}
        </p>
        <p className="text-muted-foreground">
          {paid
            ? `${paid.credits.toLocaleString('en-US')} credits were added to your balance (${paid.product}, receipt ${paid.paymentId}).`
            : late
              ? 'The payment provider has not confirmed it yet. Your credits are added as soon as it does; this page shows them then.'
              : 'The payment provider is confirming it; your credits appear here in a moment.'}
        </p>
      </div>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={dismiss}
        className="-m-1 rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
