import { useMutation, useQuery } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { useState } from 'react';
import { api } from '../../lib/api';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toast';
import { meQueryOptions } from './queries';

/**
 * Until the founder opens the verification e-mail's link, a banner above every page says so and
 * can send the e-mail again. Shown only when the server says the address is unverified.
 */
export function VerifyEmailBanner() {
  const me = useQuery(meQueryOptions());
  const [hidden, setHidden] = useState(false);
  const resend = useMutation({
    mutationFn: () => api('verificationEmail', 'POST'),
    onSuccess: () =>
      toast({
        title: 'Verification e-mail sent',
        description: `Open the link in the e-mail to ${me.data?.user.email}.`,
        variant: 'success',
      }),
    onError: (e) => toast({ title: 'Could not send the e-mail', description: e.message, variant: 'destructive' }),
  });
  if (hidden || me.data?.emailVerified !== false) return null;
  return (
    <section
      aria-label="Verify your e-mail address"
      data-testid="verify-email-banner"
      className="mb-6 flex flex-col gap-3 rounded-lg border border-warning/40 bg-warning/10 p-4 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2">
        <MailWarning className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
        <span>
          Please verify your e-mail address: we sent a link to <strong>{me.data.user.email}</strong>.
        </span>
      </p>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={resend.isPending || resend.isSuccess}
          onClick={() => resend.mutate()}
        >
          {resend.isSuccess ? 'E-mail sent' : 'Resend e-mail'}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setHidden(true)}>
          Later
        </Button>
      </div>
    </section>
  );
}
