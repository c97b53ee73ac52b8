import { useQuery } from '@tanstack/react-query';
import { Hand } from 'lucide-react';
import { cn } from '../../lib/cn';
import { buttonVariants } from '../../ui/Button';
import { needsAnswers, needsTakeover } from './format';
import { submissionsQueryOptions } from './queries';
import { useOpsAccess } from '../ops';

const apps = (n: number) => `${n} ${n === 1 ? 'application' : 'applications'}`;

/**
 * Runs waiting for the founder (questions to answer, a CAPTCHA or sign-in in the live view), as one
 * banner in the page's flow with a count and a way in: it covers nothing, unlike a toast,
 * and shows on every screen only while the server says runs wait.
 */
export function WaitingRunsBanner() {
  // Auditors have no submissions (the API refuses them): nothing to ask.
  const { auditor } = useOpsAccess();
  const list = useQuery({ ...submissionsQueryOptions('processing'), enabled: !auditor });
  const runs = list.data?.submissions ?? [];
  const answers = runs.filter(needsAnswers);
  const takeovers = runs.filter(needsTakeover);
  const total = answers.length + takeovers.length;
  if (!total) return null;
  const link = buttonVariants({ size: 'sm', variant: 'outline', className: 'h-8' });
  // Plain links (a page load, like the sidebar): /submissions?answer=<id> opens that run's questions.
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="waiting-runs-banner"
      className="mb-6 flex flex-col gap-3 rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <Hand className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
        <div className="flex flex-col gap-0.5">
          <p className="font-medium" data-testid="waiting-runs-count">
            {apps(total)} {total === 1 ? 'waits' : 'wait'} for you. Nothing has been sent.
          </p>
          <p className="text-muted-foreground">
            {[
              answers.length ? `Needs your answers: ${answers.length}` : null,
              takeovers.length ? `Needs you in the live view: ${takeovers.length}` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {answers.length ? (
          <a href={`/submissions?answer=${encodeURIComponent(answers[0]!.id)}`} className={link}>
            Answer now
          </a>
        ) : null}
        {takeovers.length && takeovers[0]!.liveUrl ? (
          <a href={takeovers[0]!.liveUrl} target="_blank" rel="noopener" className={link}>
            Take over in the live view
          </a>
        ) : null}
        <a href="/submissions" className={cn(link, 'border-transparent')}>
          Open submissions
        </a>
      </div>
    </div>
  );
}
