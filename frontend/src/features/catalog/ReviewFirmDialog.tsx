import { ACTION_PRICES, creditCount } from '@fp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClipboardCheck, RefreshCw, Send } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { LoadFailed } from '../../ui/LoadFailed';
import { Spinner } from '../../ui/Spinner';
import { answerKeys, saveAnswer } from '../profile';
import { NotSentList, ReviewTable, collectAnswers, QuestionInput } from '../submissions';
import type { VcVariant } from './vc-queries';

const reviewFirm = (vcFirmId: string, test: boolean) => api('submissionReview', 'POST', { body: { vcFirmId, test } });

/** Firms the founder has applied to (any status), from their latest submissions: "Review first" is for a first application. */
export function useAppliedFirms(variant: VcVariant, enabled: boolean) {
  return useQuery({
    queryKey: ['submissions', 'applied-firms', variant],
    queryFn: async () => {
      const r = await api('submissions', 'GET', { query: { limit: 500 } });
      return new Set(r.submissions.filter((s) => s.test === (variant === 'test')).map((s) => s.vcFirmId));
    },
    enabled,
    staleTime: 30_000,
  });
}

/**
 * The review before the first application to a firm: the form is filled on the firm's
 * site without being sent, and the founder sees every value with its source and answers what it asks.
 * Nothing is sent and no credit is used until they press Submit.
 */
export function ReviewFirmDialog({
  firm,
  variant,
  onOpenChange,
  onSubmit,
  submitting,
}: {
  firm: { id: string; name: string } | null;
  variant: VcVariant;
  onOpenChange: (open: boolean) => void;
  onSubmit: () => void;
  submitting: boolean;
}) {
  const qc = useQueryClient();
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const run = useMutation({ mutationFn: (id: string) => reviewFirm(id, variant === 'test') });
  const { mutate, reset } = run;
  const firmId = firm?.id ?? null;
  useEffect(() => {
    setValues({});
    setError(null);
    reset();
    if (firmId) mutate(firmId);
  }, [firmId, mutate, reset]);

  const save = useMutation({
    mutationFn: async (answers: { question: string; answer: string }[]) => {
      for (const a of answers) await saveAnswer(a);
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: answerKeys.all });
      setValues({});
      if (firmId) run.mutate(firmId);
    },
    onError: (e) => setError((e as Error).message),
  });

  const review = run.data;
  const questions = review?.questions ?? [];
  const answer = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const { answers, error } = collectAnswers(questions, values);
    if (error) return setError(error);
    save.mutate(answers);
  };

  return (
    <Dialog
      open={!!firm}
      onOpenChange={onOpenChange}
      size="xl"
      title={`Review before sending: ${firm?.name ?? ''}`}
      description="The form on the firm's site is filled exactly as the application would fill it, but not sent. No credit is used for a review."
    >
      <div className="flex flex-col gap-4" data-testid="review-dialog">
        {run.isPending ? (
          <div role="status" className="flex items-center gap-3 rounded-lg border border-border p-4 text-sm">
            <Spinner label="" />
            <span>Filling the form without sending it… this can take up to a minute and a half.</span>
          </div>
        ) : run.isError ? (
          <LoadFailed
            title="The review could not run"
            error={run.error}
            onRetry={() => firmId && run.mutate(firmId)}
            retrying={run.isPending}
          />
        ) : review ? (
          <>
            <p
              role="status"
              className={review.status === 'failed' ? 'text-sm text-destructive' : 'text-sm'}
              data-testid="review-summary"
            >
              {review.summary}
            </p>
            {review.fields.length ? (
              <ReviewTable
                fields={review.fields}
                caption={`What the application to ${review.firm.name} would fill in, and from where`}
              />
            ) : (
              <p className="text-sm text-muted-foreground">Nothing would be filled in yet.</p>
            )}
            <NotSentList notSent={review.notSent ?? []} />
            {questions.length ? (
              <form
                onSubmit={answer}
                className="flex flex-col gap-3 rounded-lg border border-warning/40 bg-warning/10 p-3"
                aria-label="Answer what the form asks"
              >
                <h3 className="text-sm font-semibold">The form asks what only you can answer</h3>
                <p className="text-sm text-muted-foreground">
                  Your answers are saved to your answer library; the review then runs again.
                </p>
                {questions.map((q) => (
                  <QuestionInput
                    key={q.question}
                    q={q}
                    value={values[q.question] ?? ''}
                    onChange={(v) => setValues((old) => ({ ...old, [q.question]: v }))}
                  />
                ))}
                {error ? (
                  <p role="alert" className="text-sm text-destructive">
                    {error}
                  </p>
                ) : null}
                <div className="flex justify-end">
                  <Button type="submit" loading={save.isPending}>
                    <RefreshCw aria-hidden="true" /> Save answers and review again
                  </Button>
                </div>
              </form>
            ) : null}
          </>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          {review && review.status === 'ready' ? (
            <Button type="button" onClick={onSubmit} loading={submitting}>
              {submitting ? null : <Send aria-hidden="true" />} Submit application (
              {creditCount(ACTION_PRICES.vc_application)})
            </Button>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}

export function ReviewFirstButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="outline" onClick={onClick}>
      <ClipboardCheck className="size-4" aria-hidden="true" /> Review first
    </Button>
  );
}
