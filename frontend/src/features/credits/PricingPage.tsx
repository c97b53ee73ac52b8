import { formatUsd, type CreditPack, type SubscriptionPlan } from '@fp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Check, Coins, ExternalLink, History, Package, Sparkles } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useIdentity } from '../../lib/identity';
import { Badge } from '../../ui/Badge';
import { Button, buttonVariants } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../ui/Card';
import { PageHeader } from '../../ui/PageHeader';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/toast';
import { PolicyNote } from './PolicyNote';
import { createCheckout, creditBalanceQueryOptions, creditKeys, plansQueryOptions } from './queries';

/**
 * Credit queries do not refetch on focus (spec §9); after opening a payment tab they should, each
 * time the founder comes back to this tab (focus, or the tab becoming visible again: switching tabs
 * does not always focus the window), for the next ten minutes — the payment may land after the first
 * return. No timer polls: only the founder's return asks the server.
 */
function refetchCreditsOnReturn(queryClient: ReturnType<typeof useQueryClient>) {
  const until = Date.now() + 10 * 60_000;
  const onReturn = () => {
    if (document.visibilityState !== 'visible') return;
    void queryClient.invalidateQueries({ queryKey: creditKeys.all });
    if (Date.now() > until) {
      window.removeEventListener('focus', onReturn);
      document.removeEventListener('visibilitychange', onReturn);
    }
  };
  window.addEventListener('focus', onReturn);
  document.addEventListener('visibilitychange', onReturn);
}

const perCredit = (dollars: number) => `$${dollars.toFixed(2)} per credit`;

/** A button-looking link to the contact page: new tab, with the 'Redirecting to Payment' toast. */
function CheckoutLink({
  href,
  children,
  variant = 'default',
  label,
}: {
  href: string;
  children: ReactNode;
  variant?: 'default' | 'outline';
  label: string;
}) {
  const queryClient = useQueryClient();
  const onClick = () => {
    // A mailto opens the founder's mail program: no payment page, so no payment toast.
    if (href.startsWith('mailto:')) return;
    toast({ title: 'Redirecting to Payment', description: 'The secure page opens in a new tab.' });
    refetchCreditsOnReturn(queryClient);
  };
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      className={buttonVariants({ variant, className: 'w-full' })}
      onClick={onClick}
    >
      {children}
      <ExternalLink className="size-4" aria-hidden="true" />
    </a>
  );
}

/**
 * Buys a product: the server creates the checkout session (Stripe, or the local checkout on this
 * origin) and the payment page opens in a new tab. The tab is opened on the click itself, so
 * pop-up blockers let it through, and pointed at the session once the server answers.
 */
function CheckoutButton({
  product,
  children,
  variant = 'default',
  label,
}: {
  product: string;
  children: ReactNode;
  variant?: 'default' | 'outline';
  label: string;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    const tab = window.open('about:blank', '_blank');
    setBusy(true);
    try {
      const { url } = await createCheckout(product);
      toast({ title: 'Redirecting to Payment', description: 'The secure page opens in a new tab.' });
      const absolute = new URL(url, window.location.origin).toString();
      if (tab) {
        tab.opener = null;
        tab.location.href = absolute;
      } else window.location.assign(absolute);
      refetchCreditsOnReturn(queryClient);
    } catch (err) {
      tab?.close();
      toast({
        title: 'Checkout failed',
        description: err instanceof Error ? err.message : String(err),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="button"
      variant={variant}
      className="w-full"
      aria-label={label}
      disabled={busy}
      onClick={() => void onClick()}
    >
      {children}
      <ExternalLink className="size-4" aria-hidden="true" />
    </Button>
  );
}

function PlanCard({ plan }: { plan: SubscriptionPlan }) {
  const highlighted = plan.popular;
  return (
    <Card
      data-testid={`plan-${plan.id}`}
      className={cn('relative flex flex-col', highlighted && 'border-primary shadow-md ring-1 ring-primary')}
    >
      {plan.badge ? (
        <Badge
          variant={highlighted ? 'default' : 'success'}
          className={cn('absolute -top-3 left-5', highlighted && 'bg-primary text-primary-foreground')}
        >
          {highlighted ? <Sparkles aria-hidden="true" /> : null}
          {plan.badge}
        </Badge>
      ) : null}
      <CardHeader>
        <CardTitle className="text-lg">{plan.name}</CardTitle>
        <CardDescription>{plan.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        {plan.price !== null ? (
          <div>
            <p className="flex items-baseline gap-1">
              <span className="text-3xl font-bold tracking-tight">{formatUsd(plan.price)}</span>
              <span className="text-sm text-muted-foreground">/yr</span>
            </p>
            <p className="mt-1 text-xs text-muted-foreground">Pause or cancel anytime.</p>
          </div>
        ) : (
          <div>
            <p className="text-3xl font-bold tracking-tight">Custom</p>
            <p className="mt-1 text-xs text-muted-foreground">Contact us for a quote.</p>
          </div>
        )}
        <div className="flex flex-col gap-1 text-sm">
          <span className="font-semibold">
            {plan.credits !== null ? `${plan.credits.toLocaleString('en-US')} credits` : 'Contact only'}
          </span>
          {plan.pricePerCredit !== null ? (
            <span className="flex flex-wrap items-center gap-2 text-muted-foreground">
              {perCredit(plan.pricePerCredit)}
              {plan.savings ? <Badge variant="success">{plan.savings}</Badge> : null}
            </span>
          ) : null}
        </div>
        <ul className="flex flex-col gap-2 text-sm">
          {plan.features.map((f) => (
            <li key={f} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              <span>{f}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        {plan.contactOnly ? (
          <CheckoutLink
            href={plan.contactUrl ?? '#'}
            variant={highlighted ? 'default' : 'outline'}
            label={`Contact us about ${plan.name}`}
          >
            Contact Us
          </CheckoutLink>
        ) : (
          <CheckoutButton product={plan.id} variant={highlighted ? 'default' : 'outline'} label={`Choose ${plan.name}`}>
            Choose {plan.name}
          </CheckoutButton>
        )}
      </CardFooter>
    </Card>
  );
}

function PackCard({ pack }: { pack: CreditPack }) {
  return (
    <Card data-testid="credit-pack" className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:p-6">
      <div className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Package className="size-6" aria-hidden="true" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="text-lg font-semibold">
          {pack.name}: {pack.credits} credits
        </h3>
        <p className="text-sm text-muted-foreground">
          No subscription: buy once, use whenever. {perCredit(pack.pricePerCredit)}
          {pack.quantityAdjustable ? ', quantity adjustable at checkout' : ''}
          {pack.bonus > 0 ? `, plus ${pack.bonus} bonus credits` : ''}.
        </p>
      </div>
      <div className="flex flex-col items-stretch gap-2 sm:w-56 sm:items-end">
        <p className="text-3xl font-bold tracking-tight sm:text-right">{formatUsd(pack.price)}</p>
        <CheckoutButton product={pack.id} label={`Buy ${pack.credits} credits`}>
          Buy {pack.credits} Credits
        </CheckoutButton>
      </div>
    </Card>
  );
}

function BalanceCard() {
  const { data, isPending, isError } = useQuery(creditBalanceQueryOptions());
  return (
    <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
      <div className="flex items-center gap-3">
        <div className="flex size-10 items-center justify-center rounded-full bg-warning/15 text-warning">
          <Coins className="size-5" aria-hidden="true" />
        </div>
        <div>
          <p className="text-sm text-muted-foreground">Current balance</p>
          {isPending ? (
            <Skeleton className="mt-1 h-7 w-28" />
          ) : (
            <p className="text-2xl font-bold tabular-nums" data-testid="pricing-balance">
              {isError ? 'Credits unavailable' : `${data.toLocaleString('en-US')} ${data === 1 ? 'credit' : 'credits'}`}
            </p>
          )}
        </div>
      </div>
      <Link to="/credits" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        <History className="size-4" aria-hidden="true" />
        Credit history
      </Link>
    </Card>
  );
}

/** /pricing: balance, the four plans and the credit pack, all from GET /api/plans. */
export function PricingPage() {
  const { signedIn } = useIdentity();
  const { data, isPending, isError, error, refetch } = useQuery(plansQueryOptions());
  return (
    <div className="flex flex-col gap-8">
      <div>
        <PageHeader title="Credits & Plans" description="One credit pays for one VC application." className="mb-4" />
        <PolicyNote />
      </div>
      {signedIn ? <BalanceCard /> : null}

      <section aria-labelledby="plans-heading" className="flex flex-col gap-5">
        <h2 id="plans-heading" className="text-xl font-semibold tracking-tight">
          Subscription plans
        </h2>
        {isPending ? (
          <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-96 rounded-xl" />
            ))}
          </div>
        ) : isError ? (
          <Card className="flex flex-col items-start gap-3 p-6">
            <p className="text-sm text-destructive">{error.message}</p>
            <button
              type="button"
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
              onClick={() => void refetch()}
            >
              Try Again
            </button>
          </Card>
        ) : (
          <div className="grid gap-6 pt-3 md:grid-cols-2 xl:grid-cols-4">
            {data.plans.map((p) => (
              <PlanCard key={p.id} plan={p} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="pack-heading" className="flex flex-col gap-4">
        <h2 id="pack-heading" className="text-xl font-semibold tracking-tight">
          Need a few more?
        </h2>
        {isPending ? <Skeleton className="h-28 rounded-xl" /> : data ? <PackCard pack={data.pack} /> : null}
      </section>
    </div>
  );
}
