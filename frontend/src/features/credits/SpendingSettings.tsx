import { SKIP_SPEND_CONFIRM_MAX } from '@fp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Coins } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { LoadFailed, LoadingRows } from '../../ui/LoadFailed';
import { toast } from '../../ui/toast';
import { choicesKeys, choicesQueryOptions, saveChoices } from '../profile/choices-queries';

/**
 * Settings → Spending (issue 24): below which amount credits are spent without the "Spend N of your M
 * credits?" question. Stored server-side with the founder's standing choices; 0 asks every time.
 */
export function SpendingSettings() {
  const qc = useQueryClient();
  const query = useQuery(choicesQueryOptions());
  const saved = query.data?.skipSpendConfirmBelow ?? 0;
  const [text, setText] = useState(String(saved));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(String(saved)), [saved]);
  const save = useMutation({
    mutationFn: (n: number) => saveChoices({ skipSpendConfirmBelow: n }),
    onSuccess: (choices) => {
      qc.setQueryData(choicesKeys.all, choices);
      toast({ title: 'Spending setting saved', variant: 'success' });
    },
    onError: (e) => setError(e instanceof Error && e.message ? e.message : 'Please try again.'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const n = Number(text.trim());
    if (!/^\d+$/.test(text.trim()) || n > SKIP_SPEND_CONFIRM_MAX)
      return setError(`Enter a whole number of credits from 0 to ${SKIP_SPEND_CONFIRM_MAX.toLocaleString('en-US')}`);
    save.mutate(n);
  };
  const n = Number(text);
  return (
    <Card data-testid="spending-settings">
      <CardHeader>
        <CardTitle>
          <span className="flex items-center gap-2">
            <Coins className="size-5" aria-hidden="true" /> Spending
          </span>
        </CardTitle>
        <CardDescription>
          Before credits are spent (applications, retries, exports) you are asked first, with the cost and your balance
          after.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingRows />
        ) : query.isError ? (
          <LoadFailed
            title="Failed to load your spending setting"
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <form
            onSubmit={submit}
            className="flex flex-col gap-4 sm:flex-row sm:items-end"
            aria-label="Spending setting"
          >
            <Field
              label="Don't ask before spending fewer than (credits)"
              hint={
                n > 0 && Number.isInteger(n)
                  ? `Spends of ${n === 1 ? '0' : `1–${(n - 1).toLocaleString('en-US')}`} credits go without asking; ${n.toLocaleString('en-US')} or more are asked about.`
                  : '0: you are asked before every spend.'
              }
              error={error ?? undefined}
              className="sm:max-w-sm"
            >
              {(p) => <Input {...p} inputMode="numeric" value={text} onChange={(e) => setText(e.target.value)} />}
            </Field>
            <Button type="submit" disabled={save.isPending || text.trim() === String(saved)} className="sm:mb-6">
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
