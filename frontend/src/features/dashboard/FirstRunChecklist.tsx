import type { FirstRunStep } from '@fp/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, CheckCircle2, Circle, ListChecks, X } from 'lucide-react';
import { api } from '../../lib/api';
import { cn } from '../../lib/cn';
import { Button, buttonVariants } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';

const firstRunQueryOptions = () =>
  queryOptions({
    queryKey: ['first-run'] as const,
    queryFn: () => api('firstRun', 'GET'),
    // Steps are ticked by what happens elsewhere (a run, a payment): read again on return to the tab.
    staleTime: 5_000,
    refetchOnWindowFocus: true,
  });

type StepRoute = '/settings' | '/test-vc-database' | '/submissions' | '/pricing' | '/vc-database';
const STEPS: Record<FirstRunStep, { label: string; detail: string; to: StepRoute; action: string }> = {
  profile: {
    label: 'Complete your startup profile',
    detail: 'Applications are filled in from it.',
    to: '/settings',
    action: 'Open profile',
  },
  test_application: {
    label: 'Try an application on a test firm',
    detail: 'Sandbox firms that accept applications; nothing reaches a real investor.',
    to: '/test-vc-database',
    action: 'Open test firms',
  },
  live_view: {
    label: 'Watch it live',
    detail: 'Open the live view of a running application from Submissions.',
    to: '/submissions',
    action: 'Open submissions',
  },
  credits: { label: 'Buy credits', detail: 'One credit sends one application.', to: '/pricing', action: 'See prices' },
  real_application: {
    label: 'Apply for real',
    // What "for real" needs: firms with a real website. Demo firms are skipped at no cost, and the
    // confirmation names them before anything is spent.
    detail:
      'Needs real firms: choose firms with a real website in the VC database and submit. Demo firms (while the database says "Demo data") are skipped and cost nothing; the confirmation lists them first.',
    to: '/vc-database',
    action: 'Open VC database',
  },
};

/** The dashboard's first-run checklist: each tick is the server's, gone when done or hidden. */
export function FirstRunChecklist() {
  const qc = useQueryClient();
  const q = useQuery(firstRunQueryOptions());
  const dismiss = useMutation({
    mutationFn: () => api('firstRunDismiss', 'POST'),
    onSuccess: (data) => qc.setQueryData(firstRunQueryOptions().queryKey, data),
  });
  if (!q.data?.show) return null;
  const steps = q.data.steps;
  const next = steps.find((s) => !s.done)?.id;
  const doneCount = steps.filter((s) => s.done).length;
  return (
    <Card data-testid="first-run-checklist" className="border-primary/30">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <CardTitle className="flex items-center gap-2">
            <ListChecks className="size-4 text-primary" aria-hidden="true" />
            Your first hour
          </CardTitle>
          <CardDescription>
            {doneCount} of {steps.length} done
          </CardDescription>
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="-mr-2"
          onClick={() => dismiss.mutate()}
          disabled={dismiss.isPending}
          aria-label="Hide the checklist"
        >
          <X className="size-4" aria-hidden="true" />
          Hide
        </Button>
      </CardHeader>
      <CardContent>
        <ol className="flex flex-col gap-1">
          {steps.map((s, i) => {
            const step = STEPS[s.id];
            const current = s.id === next;
            return (
              <li
                key={s.id}
                data-testid={`first-run-step-${s.id}`}
                data-done={s.done}
                className={cn(
                  'flex flex-col gap-2 rounded-lg px-3 py-2 sm:flex-row sm:items-center sm:justify-between',
                  current && 'bg-primary/5',
                )}
              >
                <div className="flex min-w-0 items-start gap-3">
                  {s.done ? (
                    <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-label="Done" />
                  ) : (
                    <Circle className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-label="To do" />
                  )}
                  <div className="flex min-w-0 flex-col">
                    <span className={cn('text-sm font-medium', s.done && 'text-muted-foreground line-through')}>
                      {i + 1}. {step.label}
                    </span>
                    {s.done ? null : <span className="text-xs text-muted-foreground">{step.detail}</span>}
                  </div>
                </div>
                {s.done ? null : (
                  <Link
                    to={step.to}
                    className={cn(
                      buttonVariants({ variant: current ? 'default' : 'outline', size: 'sm' }),
                      'ml-8 shrink-0 self-start sm:ml-0 sm:self-center',
                    )}
                  >
                    {step.action}
                    <ArrowRight className="size-3.5" aria-hidden="true" />
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
        {dismiss.isError ? (
          <p role="alert" className="mt-2 text-sm text-destructive">
            The checklist could not be hidden. Please try again.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
