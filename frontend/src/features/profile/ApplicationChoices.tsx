import { DEFAULT_MESSAGE_MAX, type OptInChoice, type StandingChoicesResponse } from '@fp/contracts';
import { ListChecks } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Field } from '../../ui/Field';
import { Textarea } from '../../ui/Textarea';
import { ChoicesCard, useSaveChoices } from './ChoicesCard';

const OPT_INS: { value: OptInChoice; label: string; hint: string }[] = [
  { value: 'no', label: 'Always no', hint: 'Newsletter and marketing boxes stay unticked.' },
  {
    value: 'ask',
    label: 'Ask me',
    hint: 'Unticked, unless a form requires the box: then the application waits for your answer.',
  },
  { value: 'yes', label: 'Always yes', hint: 'Newsletter and marketing boxes are ticked for you.' },
];

function ChoicesForm({ data }: { data: StandingChoicesResponse }) {
  const [optIns, setOptIns] = useState<OptInChoice>(data.optIns);
  const [acceptTerms, setAcceptTerms] = useState(data.acceptTerms);
  const [text, setText] = useState(data.defaultMessage ?? '');
  const [error, setError] = useState<string | null>(null);
  // A refetch after saving shows what the server holds.
  useEffect(() => {
    setOptIns(data.optIns);
    setAcceptTerms(data.acceptTerms);
    setText(data.defaultMessage ?? '');
  }, [data]);
  const save = useSaveChoices('Application choices saved', setError);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate({ optIns, acceptTerms, defaultMessage: text.trim() ? text : null });
  };
  const changed =
    optIns !== data.optIns || acceptTerms !== data.acceptTerms || (text.trim() || null) !== data.defaultMessage;
  return (
    <form onSubmit={submit} className="flex flex-col gap-6" aria-label="Application choices">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Newsletter and marketing opt-ins</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {OPT_INS.map((o) => (
            <label
              key={o.value}
              className="flex cursor-pointer flex-col gap-1 rounded-lg border border-border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <span className="flex items-center gap-2 font-medium">
                <input
                  type="radio"
                  name="opt-ins"
                  value={o.value}
                  checked={optIns === o.value}
                  onChange={() => setOptIns(o.value)}
                  className="size-4 accent-primary"
                />
                {o.label}
              </span>
              <span className="text-xs text-muted-foreground">{o.hint}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1">
        <Checkbox
          label="Accept an application's terms or privacy notice for me"
          checked={acceptTerms}
          onCheckedChange={setAcceptTerms}
        />
        <p className="text-xs text-muted-foreground">
          Off: a form that requires you to agree waits for your answer ("Needs your answers"), showing the box's text.
          Every box ticked is listed in the submission's proof, with why.
        </p>
      </div>
      <Field
        label="Default message"
        hint="Sent word for word, only into fields that ask for a message, a pitch or a cover note. Never into other fields. Empty: such fields stay empty, or the application asks you when one is required."
        error={error ?? undefined}
      >
        {(p) => (
          <Textarea
            {...p}
            value={text}
            maxLength={DEFAULT_MESSAGE_MAX}
            rows={5}
            placeholder="Write the note you would send a partner."
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </Field>
      {data.suggestion && data.suggestion !== text.trim() ? (
        <div
          className="flex flex-col gap-2 rounded-lg border border-dashed border-border p-3 text-sm"
          data-testid="default-message-suggestion"
        >
          <p className="text-xs font-medium text-muted-foreground">
            Suggestion from a fixed template filled with your profile (not AI). Nothing is sent until you save it.
          </p>
          <p className="whitespace-pre-line break-words">{data.suggestion}</p>
          <div>
            <Button type="button" size="sm" variant="outline" onClick={() => setText(data.suggestion ?? '')}>
              Use this suggestion
            </Button>
          </div>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending || !changed}>
          {save.isPending ? 'Saving…' : 'Save choices'}
        </Button>
        {!changed ? <span className="text-xs text-muted-foreground">No unsaved changes</span> : null}
      </div>
    </form>
  );
}

/**
 * Settings → Applications: the founder's standing choices for what forms ask of them besides their
 * profile: opt-in boxes, agreement boxes and the default message. Every run reads them.
 */
export function ApplicationChoices() {
  return (
    <ChoicesCard
      testId="application-choices"
      icon={<ListChecks className="size-5" aria-hidden="true" />}
      title="Applications"
      description="What the automation may answer for you on every form. Nothing is agreed to or subscribed to unless you allow it here."
      failed="Failed to load your application choices"
    >
      {(data) => <ChoicesForm data={data} />}
    </ChoicesCard>
  );
}
