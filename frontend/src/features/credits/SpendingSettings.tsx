import type { StandingChoicesResponse } from '@fp/contracts';
import { Coins } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { ChoicesCard, useSaveChoices } from '../profile';
import { readSkipSpendBelow, skipSpendHint } from './spending-setting';

function SpendingForm({ data }: { data: StandingChoicesResponse }) {
  const saved = data.skipSpendConfirmBelow;
  const [text, setText] = useState(String(saved));
  const [error, setError] = useState<string | null>(null);
  // A refetch after saving shows what the server holds.
  useEffect(() => setText(String(saved)), [saved]);
  const save = useSaveChoices('Spending setting saved', setError);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const read = readSkipSpendBelow(text);
    if (!read.ok) return setError(read.message);
    save.mutate({ skipSpendConfirmBelow: read.value });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4 sm:flex-row sm:items-end" aria-label="Spending setting">
      <Field
        label="Don't ask before spending fewer than (credits)"
        hint={skipSpendHint(text)}
        error={error ?? undefined}
        className="sm:max-w-sm"
      >
        {(p) => <Input {...p} inputMode="numeric" value={text} onChange={(e) => setText(e.target.value)} />}
      </Field>
      <Button type="submit" disabled={save.isPending || text.trim() === String(saved)} className="sm:mb-6">
        {save.isPending ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}

/**
 * Settings → Spending: below which amount credits are spent without the "Spend N of your M
 * credits?" question. Stored server-side with the founder's standing choices; 0 asks every time.
 */
export function SpendingSettings() {
  return (
    <ChoicesCard
      testId="spending-settings"
      icon={<Coins className="size-5" aria-hidden="true" />}
      title="Spending"
      description="Before credits are spent (applications, retries, exports) you are asked first, with the cost and your balance after."
      failed="Failed to load your spending setting"
    >
      {(data) => <SpendingForm data={data} />}
    </ChoicesCard>
  );
}
