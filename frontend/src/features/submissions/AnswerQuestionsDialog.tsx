import { type ListSubmissionsResponse, type Submission, type SubmissionQuestionsResponse } from '@fp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { createContext, useContext, useEffect, useState, type FormEvent } from 'react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { LoadFailed, LoadingRows } from '../../ui/LoadFailed';
import { toast } from '../../ui/toast';
import { answerKeys } from '../profile';
import { formatDateTime } from '../../lib/format';
import { answerSubmission, questionsQueryOptions, refreshSubmissions, submissionKeys } from './queries';
import { actionError } from './useSubmissionActions';
import { collectAnswers } from './collect-answers';
import { QuestionInput } from './QuestionInput';

/** Opens the answer form of a paused run from any row (the page owns the one dialog). */
export const AnswerQuestionsContext = createContext<(s: Submission) => void>(() => undefined);
export const useOpenAnswers = () => useContext(AnswerQuestionsContext);

type Question = SubmissionQuestionsResponse['questions'][number];

/** One question: the founder's answer, with a saved answer to a similar question and a model's draft offered, never filled in by themselves. */
function QuestionField({ q, value, onChange }: { q: Question; value: string; onChange: (v: string) => void }) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border p-3" data-testid="pending-question">
      <QuestionInput q={q} value={value} onChange={onChange} />
      {q.suggestion && value !== q.suggestion.answer ? (
        <div className="flex flex-col gap-1 text-sm">
          <p className="text-muted-foreground">
            Your answer to “{q.suggestion.question}”: <span className="text-foreground">{q.suggestion.answer}</span>
          </p>
          <div>
            <Button type="button" size="sm" variant="outline" onClick={() => onChange(q.suggestion!.answer)}>
              Use my saved answer
            </Button>
          </div>
        </div>
      ) : null}
      {q.draft && value !== q.draft ? (
        <div className="flex flex-col gap-1 rounded-md bg-muted/60 p-2 text-sm" data-testid="draft">
          <p className="flex flex-wrap items-center gap-1.5">
            <Badge variant="warning">
              <Sparkles aria-hidden="true" /> AI draft — needs your approval
            </Badge>
          </p>
          <p className="whitespace-pre-line">{q.draft}</p>
          <p className="text-xs text-muted-foreground">
            Written by a language model from your profile. It is not sent unless you use it and send your answers.
          </p>
          <div>
            <Button type="button" size="sm" variant="outline" onClick={() => onChange(q.draft!)}>
              Use this draft
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/**
 * "Needs your answers": the questions a paused run asks. The founder's answers are saved to their
 * answer library and the run continues from the form; nothing is sent before they press Send.
 */
export function AnswerQuestionsDialog({
  submission,
  onOpenChange,
}: {
  submission: Submission | null;
  onOpenChange: (open: boolean) => void;
}) {
  const qc = useQueryClient();
  const id = submission?.id ?? '';
  const query = useQuery({ ...questionsQueryOptions(id), enabled: !!submission });
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setValues({});
    setError(null);
  }, [id]);

  const send = useMutation({
    mutationFn: (answers: { question: string; answer: string }[]) => answerSubmission(id, answers),
    onSuccess: async ({ submission: updated }) => {
      toast({
        title: 'Answers saved',
        description: `The application to ${submission?.vcFirm.name} continues from the form.`,
        variant: 'success',
      });
      onOpenChange(false);
      // The server's answer is the row's new state at once (no stale "Pending" with the old note).
      qc.setQueriesData<ListSubmissionsResponse>({ queryKey: [...submissionKeys.all, 'list'] }, (data) =>
        data ? { ...data, submissions: data.submissions.map((s) => (s.id === updated.id ? updated : s)) } : data,
      );
      await Promise.all([refreshSubmissions(qc), qc.invalidateQueries({ queryKey: answerKeys.all })]);
    },
    onError: (e) => setError(actionError(e)),
  });

  const questions = query.data?.questions ?? [];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const { answers, error } = collectAnswers(questions, values);
    if (error) return setError(error);
    send.mutate(answers);
  };

  return (
    <Dialog
      open={!!submission}
      onOpenChange={onOpenChange}
      size="lg"
      title={`Needs your answers: ${submission?.vcFirm.name ?? ''}`}
      description="The form asks what your profile and saved answers do not answer. Nothing has been sent. Your answers are saved to your answer library and the application continues from the form."
    >
      {query.isPending ? (
        <LoadingRows className="h-24" />
      ) : query.isError ? (
        <LoadFailed
          title="Failed to load the questions"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : questions.length === 0 ? (
        <p className="text-sm text-muted-foreground">This application is not waiting for answers any more.</p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Answer the form's questions">
          {questions.map((q) => (
            <QuestionField
              key={q.question}
              q={q}
              value={values[q.question] ?? ''}
              onChange={(v) => setValues((old) => ({ ...old, [q.question]: v }))}
            />
          ))}
          {query.data?.deadline ? (
            <p className="text-xs text-muted-foreground">
              Without answers by {formatDateTime(query.data.deadline)}, the application stops and your credit is
              refunded.
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Later
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send answers and continue
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
