import { ANSWER_QUESTION_MAX, ANSWER_TEXT_MAX, type LibraryAnswer } from '@fp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquareText, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { LoadFailed, LoadingRows } from '../../ui/LoadFailed';
import { Textarea } from '../../ui/Textarea';
import { toast } from '../../ui/toast';
import { answerKeys, answersQueryOptions, deleteAnswer, saveAnswer, updateAnswer } from './answer-queries';

const message = (e: unknown) => (e instanceof Error && e.message ? e.message : 'Please try again.');

/** Add or edit one answer: the question as a form may ask it, and the founder's own answer. */
function AnswerForm({
  initial,
  onDone,
  onCancel,
}: {
  initial?: LibraryAnswer;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const qc = useQueryClient();
  const [question, setQuestion] = useState(initial?.question ?? '');
  const [answer, setAnswer] = useState(initial?.answer ?? '');
  const [error, setError] = useState<string | null>(null);
  // A profile answer is edited by saving the founder's own answer to the question (the profile stays as it is).
  const saved = initial?.source === 'saved' ? initial : undefined;
  const save = useMutation({
    mutationFn: () => (saved ? updateAnswer(saved.id, { question, answer }) : saveAnswer({ question, answer })),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: answerKeys.all });
      toast({ title: 'Answer saved', variant: 'success' });
      onDone();
    },
    onError: (e) => setError(message(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!question.trim() || !answer.trim()) return setError('Give both a question and your answer.');
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label={initial ? 'Edit answer' : 'Add an answer'}>
      <Field label="Question" required>
        {(p) => (
          <Input
            {...p}
            value={question}
            maxLength={ANSWER_QUESTION_MAX}
            placeholder="Why now?"
            onChange={(e) => setQuestion(e.target.value)}
          />
        )}
      </Field>
      <Field label="Your answer" required error={error ?? undefined}>
        {(p) => (
          <Textarea
            {...p}
            value={answer}
            maxLength={ANSWER_TEXT_MAX}
            rows={4}
            onChange={(e) => setAnswer(e.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save answer'}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function AnswerItem({ a }: { a: LibraryAnswer }) {
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteAnswer(a.id),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: answerKeys.all });
      toast({ title: 'Answer deleted' });
    },
    onError: (e) => toast({ title: 'Could not delete the answer', description: message(e), variant: 'destructive' }),
  });
  if (editing)
    return (
      <li className="rounded-lg border border-border p-4">
        <AnswerForm initial={a} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
      </li>
    );
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border p-4" data-testid="library-answer">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-medium break-words">{a.question}</p>
        {a.source === 'profile' ? <Badge variant="secondary">From your profile</Badge> : null}
      </div>
      <p className="line-clamp-4 text-sm whitespace-pre-line text-muted-foreground break-words">{a.answer}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={() => setEditing(true)}
          aria-label={`Edit the answer to ${a.question}`}
        >
          <Pencil aria-hidden="true" /> {a.source === 'profile' ? 'Answer in my words' : 'Edit'}
        </Button>
        {a.source === 'saved' ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => remove.mutate()}
            disabled={remove.isPending}
            aria-label={`Delete the answer to ${a.question}`}
          >
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Settings → Answer library: the founder's answers to questions application forms ask. Only these
 * and the profile are ever put into a form; a question none of them answers pauses the run.
 */
export function AnswerLibrary() {
  const query = useQuery(answersQueryOptions());
  const [adding, setAdding] = useState(false);
  return (
    <Card className="mt-6" data-testid="answer-library">
      <CardHeader>
        <CardTitle>
          <span className="flex items-center gap-2">
            <MessageSquareText className="size-5" aria-hidden="true" /> Answer library
          </span>
        </CardTitle>
        <CardDescription>
          Your answers to questions application forms ask, such as "Why now?". Forms are matched to them by meaning.
          Nothing else is ever sent in your name: a required question with no answer here pauses the application until
          you answer it. Your default message for fields that ask for a message or a pitch is set above, under
          Applications.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {query.isPending ? (
          <LoadingRows />
        ) : query.isError ? (
          <LoadFailed
            title="Failed to load your answers"
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : query.data.length === 0 && !adding ? (
          <EmptyState
            icon={<MessageSquareText />}
            title="No answers yet"
            description="Fill in your profile's problem, solution and traction, or add your own answers to questions forms ask."
            action={
              <Button onClick={() => setAdding(true)}>
                <Plus aria-hidden="true" /> Add an answer
              </Button>
            }
          />
        ) : (
          <>
            <ul className="flex flex-col gap-3">
              {query.data.map((a) => (
                <AnswerItem key={a.id} a={a} />
              ))}
            </ul>
            {!adding ? (
              <div>
                <Button variant="outline" onClick={() => setAdding(true)}>
                  <Plus aria-hidden="true" /> Add an answer
                </Button>
              </div>
            ) : null}
          </>
        )}
        {adding ? (
          <div className="rounded-lg border border-border p-4">
            <AnswerForm onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
