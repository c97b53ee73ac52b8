import { PIPELINE_STAGES, type PipelineCard, type PipelineStage, type UpdatePipelineCardRequest } from '@fp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Dialog, Field, Input, Select, Skeleton, Textarea, toast } from '../../ui';
import { cardHistoryQueryOptions, refreshPipeline, removeCard, updateCard } from './queries';
import { ShareDeck } from '../deck-links';

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

interface Draft {
  stage: PipelineStage;
  notes: string;
  nextFollowUp: string;
  passReason: string;
  introducedBy: string;
  amount: string;
}

const draftOf = (c: PipelineCard, stage?: PipelineStage): Draft => ({
  stage: stage ?? c.stage,
  notes: c.notes ?? '',
  nextFollowUp: c.nextFollowUp ?? '',
  passReason: c.passReason ?? '',
  introducedBy: c.introducedBy ?? '',
  amount: c.amount === null ? '' : String(c.amount),
});

/** Only what the founder changed, as the PATCH body (blank clears). */
function changes(card: PipelineCard, d: Draft): UpdatePipelineCardRequest | string {
  const out: UpdatePipelineCardRequest = {};
  const text = (v: string) => (v.trim() === '' ? null : v.trim());
  if (d.stage !== card.stage) out.stage = d.stage;
  if (text(d.notes) !== card.notes) out.notes = text(d.notes);
  if ((d.nextFollowUp || null) !== card.nextFollowUp) out.nextFollowUp = d.nextFollowUp || null;
  if (text(d.introducedBy) !== card.introducedBy) out.introducedBy = text(d.introducedBy);
  if (d.stage === 'Passed' && text(d.passReason) !== card.passReason) out.passReason = text(d.passReason);
  const raw = d.amount.replace(/[$,\s]/g, '');
  const amount = raw === '' ? null : Number(raw);
  if (amount !== null && (!Number.isFinite(amount) || amount < 0)) return 'Amount must be a number of US dollars';
  if (amount !== card.amount) out.amount = amount;
  return out;
}

export interface CardDialogProps {
  card: PipelineCard | null;
  /** Opened by a move to this stage (e.g. a drag to Passed, which needs a reason). */
  stage?: PipelineStage;
  onClose(): void;
}

/** A card's details: stage, follow-up, amount, introducer, notes, pass reason; its history; remove. */
export function CardDialog({ card, stage, onClose }: CardDialogProps) {
  const qc = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A new draft for another card or stage only: the card's data is refetched while the dialog is open
  // (its deck section refreshes the pipeline), and that must not wipe what the founder is typing.
  const cardId = card?.id;
  useEffect(() => {
    setDraft(card ? draftOf(card, stage) : null);
    setError(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the card's id, not its refetched object
  }, [cardId, stage]);
  const history = useQuery({ ...cardHistoryQueryOptions(card?.id ?? ''), enabled: !!card });

  const save = useMutation({
    mutationFn: (patch: UpdatePipelineCardRequest) => updateCard(card!.id, patch),
    onSuccess: async () => {
      await refreshPipeline(qc);
      toast({ title: 'Pipeline updated', variant: 'success' });
      onClose();
    },
    onError: (e: Error) => setError(e.message),
  });
  const remove = useMutation({
    mutationFn: () => removeCard(card!.id),
    onSuccess: async () => {
      await refreshPipeline(qc);
      toast({ title: `${card!.name} removed from your pipeline` });
      onClose();
    },
    onError: (e: Error) => setError(e.message),
  });

  if (!card || !draft) return null;
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const patch = changes(card, draft);
    if (typeof patch === 'string') return setError(patch);
    if (Object.keys(patch).length === 0) return onClose();
    setError(null);
    save.mutate(patch);
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={card.name}
      description={card.investorKind === 'vc' ? 'VC firm' : 'Angel investor'}
      size="lg"
    >
      <form className="flex flex-col gap-4" onSubmit={submit} aria-label={`Edit ${card.name}`}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Stage">
            {(p) => (
              <Select
                {...p}
                options={PIPELINE_STAGES}
                value={draft.stage}
                onChange={(e) => set({ stage: e.target.value as PipelineStage })}
              />
            )}
          </Field>
          <Field label="Next follow-up">
            {(p) => (
              <Input
                {...p}
                type="date"
                value={draft.nextFollowUp}
                onChange={(e) => set({ nextFollowUp: e.target.value })}
              />
            )}
          </Field>
          <Field label="Amount discussed (USD)">
            {(p) => (
              <Input
                {...p}
                inputMode="numeric"
                placeholder="e.g. 250000"
                value={draft.amount}
                onChange={(e) => set({ amount: e.target.value })}
              />
            )}
          </Field>
          <Field label="Introduced by">
            {(p) => (
              <Input
                {...p}
                maxLength={200}
                value={draft.introducedBy}
                onChange={(e) => set({ introducedBy: e.target.value })}
              />
            )}
          </Field>
        </div>
        {draft.stage === 'Passed' ? (
          <Field label="Why did they pass?" required hint="Required when an investor is moved to Passed.">
            {(p) => (
              <Input
                {...p}
                maxLength={500}
                value={draft.passReason}
                onChange={(e) => set({ passReason: e.target.value })}
                autoFocus
              />
            )}
          </Field>
        ) : null}
        <Field label="Notes">
          {(p) => (
            <Textarea
              {...p}
              rows={4}
              maxLength={5000}
              value={draft.notes}
              onChange={(e) => set({ notes: e.target.value })}
            />
          )}
        </Field>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button
            variant="ghost"
            className="text-destructive"
            loading={remove.isPending}
            onClick={() => remove.mutate()}
          >
            Remove from pipeline
          </Button>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </div>
        </div>
      </form>
      {card ? <ShareDeck investorId={card.investorId} investorKind={card.investorKind} name={card.name} /> : null}
      <section aria-labelledby="card-history" className="mt-6 flex flex-col gap-2 border-t border-border pt-4">
        <h3 id="card-history" className="text-sm font-semibold">
          History
        </h3>
        {history.isPending ? (
          <Skeleton className="h-16" />
        ) : history.isError ? (
          <p className="text-sm text-destructive">{history.error.message}</p>
        ) : (
          <ol className="flex flex-col gap-2" data-testid="card-history">
            {history.data.map((h, i) => (
              <li key={i} className="flex flex-col text-sm sm:flex-row sm:gap-3">
                <time
                  dateTime={h.at}
                  className="shrink-0 text-xs text-muted-foreground tabular-nums sm:w-44 sm:text-sm"
                >
                  {dateTime(h.at)}
                </time>
                <span>{h.summary}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </Dialog>
  );
}
