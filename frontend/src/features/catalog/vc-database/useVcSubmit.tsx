import type { VcFirmWithFit } from '@fp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { buttonVariants } from '../../../ui/Button';
import { toast } from '../../../ui/toast';
import { creditBalanceQueryOptions, creditKeys } from '../../credits';
import { profileCompletionQueryOptions } from '../../profile';
import { useAppliedFirms } from '../ReviewFirmDialog';
import { submitProblem, type SubmitState } from '../submit-checks';
import { submitResultMessage } from '../submit-result';
import { submitPlan, submitToVcs, type VcVariant } from '../vc-queries';
import { usePlanConfirmation } from './PlanConfirm';
import type { VcSelection } from './useVcSelection';

const SUBMIT_FAILED = {
  vc: 'Failed to submit applications',
  test: 'Failed to submit test applications',
} as const;

/**
 * Submitting the selection (spec §5): the checks before, the spend question, the result
 * toast; and "Review first" for one selected firm the founder has never applied to.
 */
export function useVcSubmit(
  variant: VcVariant,
  ready: boolean,
  signedIn: boolean,
  selection: VcSelection,
  firms: VcFirmWithFit[],
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { selected } = selection;
  const balance = useQuery({ ...creditBalanceQueryOptions(), enabled: ready });
  const completion = useQuery({ ...profileCompletionQueryOptions(), enabled: ready });
  const [reviewing, setReviewing] = useState<{ id: string; name: string } | null>(null);
  const applied = useAppliedFirms(variant, ready && selected.size === 1);
  const only = selected.size === 1 ? firms.find((f) => selected.has(f.id)) : undefined;
  const reviewable = only && applied.data && !applied.data.has(only.id) ? { id: only.id, name: only.vcName } : null;

  const state: SubmitState = {
    signedIn,
    selected: selected.size,
    profileComplete: completion.data?.isComplete,
    balance: balance.data,
    test: variant === 'test',
  };

  const spend = usePlanConfirmation();
  const [planning, setPlanning] = useState(false);
  const submit = useMutation({
    mutationFn: (ids: string[]) => submitToVcs(variant, ids),
    onSuccess: (r) => {
      selection.clear();
      setReviewing(null);
      const { sent, description } = submitResultMessage(r);
      toast({
        title:
          sent === 0
            ? 'No Applications Submitted'
            : variant === 'test'
              ? 'Test Applications Submitted'
              : 'Applications Submitted',
        description,
        variant: sent === 0 ? 'default' : 'success',
        action:
          sent === 0 ? undefined : (
            <Link to="/submissions" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              View Submissions
            </Link>
          ),
      });
    },
    onError: (err) =>
      toast({
        title: 'Submission Failed',
        description: (err as Error).message || SUBMIT_FAILED[variant],
        variant: 'destructive',
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: creditKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['submissions'] });
      void queryClient.invalidateQueries({ queryKey: ['submission-stats'] });
    },
  });

  async function onSubmit() {
    const problem = submitProblem(state);
    if (problem) {
      toast({
        title: problem.title,
        description: problem.description,
        variant: 'destructive',
        action:
          problem.go === '/credits' ? (
            <Link to="/credits" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              Buy Credits
            </Link>
          ) : undefined,
      });
      if (problem.go === '/settings') void navigate({ to: '/settings' });
      return;
    }
    // Ask before spending, from the server's plan (the one the submit carries out): the exact credits,
    // the firms skipped and why, the ones that need the founder. Cancel spends nothing.
    const ids = [...selected];
    setPlanning(true);
    let plan;
    try {
      plan = await submitPlan(variant, ids);
    } catch (err) {
      toast({
        title: 'Could Not Prepare the Applications',
        description: (err as Error).message || SUBMIT_FAILED[variant],
        variant: 'destructive',
      });
      return;
    } finally {
      setPlanning(false);
    }
    if (!(await spend.confirm(plan, variant))) return;
    submit.mutate(ids);
  }

  return {
    state,
    submitting: submit.isPending || planning,
    submit: () => void onSubmit(),
    spendDialog: spend.dialog,
    reviewable,
    reviewing,
    review: setReviewing,
  };
}
