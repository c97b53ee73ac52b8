import { formatUsd, TEST_CHECKOUT_NOTICE } from '@fp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { CreditCard, FlaskConical, Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { Badge } from '../../ui/Badge';
import { Button, buttonVariants } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { Skeleton } from '../../ui/Skeleton';
import { creditKeys } from './queries';

const route = getRouteApi('/checkout/local/$id');

/** 4242… → "4242 4242 4242 4242" as it is typed. */
const groupCard = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
/** "1234" → "12 / 34". */
const formatExpiry = (v: string) => {
  const d = v.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
};

/**
 * /checkout/local/:id — the embedded payment page used when no payment provider is configured: a
 * test-mode card form (no real card is charged). Paying makes the server send the app a signed
 * payment webhook, the same path a Stripe payment takes.
 */
export function LocalCheckoutPage() {
  const { id } = route.useParams();
  const queryClient = useQueryClient();
  const session = useQuery({
    queryKey: ['local-checkout', id],
    queryFn: () => api('localCheckout', 'GET', { params: { id } }),
    retry: false,
  });
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '', name: '' });
  const pay = useMutation({
    mutationFn: () => api('localCheckoutPay', 'POST', { params: { id }, body: card }),
    onSuccess: async ({ redirectUrl }) => {
      await queryClient.invalidateQueries({ queryKey: creditKeys.all });
      window.location.assign(redirectUrl);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    pay.mutate();
  };

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 py-4 sm:py-10">
      {/* Always shown, whatever the environment: this page is the embedded test checkout (a
          production demo with ALLOW_TEST_CHECKOUT=1 included), never a real payment. */}
      <div
        role="note"
        data-testid="test-checkout-notice"
        className="flex flex-col items-center gap-2 rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-center text-sm font-medium"
      >
        <Badge variant="warning">
          <FlaskConical aria-hidden="true" />
          Test mode
        </Badge>
        {TEST_CHECKOUT_NOTICE}
      </div>
      <Card>
        {session.isPending ? (
          <CardContent className="flex flex-col gap-3 p-6">
            <Skeleton className="h-6 w-40" />
            <Skeleton className="h-40 w-full" />
          </CardContent>
        ) : session.isError ? (
          <CardContent className="flex flex-col items-start gap-3 p-6">
            <p role="alert" className="text-sm text-destructive">
              {session.error.message}
            </p>
            <Link to="/pricing" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              Back to pricing
            </Link>
          </CardContent>
        ) : (
          <>
            <CardHeader>
              <CardDescription>FundFlow checkout</CardDescription>
              <CardTitle className="text-xl">{session.data.product}</CardTitle>
              <p className="text-3xl font-bold tracking-tight" data-testid="checkout-amount">
                {formatUsd(session.data.amount)}
              </p>
              <p className="text-sm text-muted-foreground">{session.data.credits.toLocaleString('en-US')} credits</p>
            </CardHeader>
            <CardContent>
              {session.data.status === 'paid' ? (
                <div className="flex flex-col items-start gap-3">
                  <p role="status" className="text-sm">
                    This checkout is paid.
                  </p>
                  <Link to="/credits" className={buttonVariants({ size: 'sm' })}>
                    See your credits
                  </Link>
                </div>
              ) : (
                <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
                  <Field label="Card number" hint="Test card: 4242 4242 4242 4242 (4000 0000 0000 0002 is declined).">
                    {(p) => (
                      <Input
                        {...p}
                        inputMode="numeric"
                        autoComplete="cc-number"
                        placeholder="1234 1234 1234 1234"
                        value={card.cardNumber}
                        onChange={(e) => setCard((c) => ({ ...c, cardNumber: groupCard(e.target.value) }))}
                      />
                    )}
                  </Field>
                  <div className="grid grid-cols-2 gap-3">
                    <Field label="Expiry date">
                      {(p) => (
                        <Input
                          {...p}
                          inputMode="numeric"
                          autoComplete="cc-exp"
                          placeholder="MM / YY"
                          value={card.expiry}
                          onChange={(e) => setCard((c) => ({ ...c, expiry: formatExpiry(e.target.value) }))}
                        />
                      )}
                    </Field>
                    <Field label="CVC">
                      {(p) => (
                        <Input
                          {...p}
                          inputMode="numeric"
                          autoComplete="cc-csc"
                          placeholder="123"
                          maxLength={4}
                          value={card.cvc}
                          onChange={(e) => setCard((c) => ({ ...c, cvc: e.target.value.replace(/\D/g, '') }))}
                        />
                      )}
                    </Field>
                  </div>
                  <Field label="Name on card">
                    {(p) => (
                      <Input
                        {...p}
                        autoComplete="cc-name"
                        value={card.name}
                        onChange={(e) => setCard((c) => ({ ...c, name: e.target.value }))}
                      />
                    )}
                  </Field>
                  {pay.isError ? (
                    <p role="alert" className="text-sm text-destructive">
                      {pay.error.message}
                    </p>
                  ) : null}
                  <Button type="submit" disabled={pay.isPending || pay.isSuccess}>
                    {pay.isPending || pay.isSuccess ? (
                      <Lock className="size-4" aria-hidden="true" />
                    ) : (
                      <CreditCard className="size-4" aria-hidden="true" />
                    )}
                    {pay.isPending || pay.isSuccess ? 'Processing…' : `Pay ${formatUsd(session.data.amount)}`}
                  </Button>
                  <a
                    href={session.data.cancelUrl}
                    className="text-center text-sm text-muted-foreground underline-offset-4 hover:underline"
                  >
                    Cancel and go back
                  </a>
                </form>
              )}
            </CardContent>
          </>
        )}
      </Card>
    </div>
  );
}
