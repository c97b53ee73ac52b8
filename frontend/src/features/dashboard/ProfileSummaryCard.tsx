import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, Rocket } from 'lucide-react';
import { buttonVariants } from '../../ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/Card';
import { Progress } from '../../ui/Progress';
import { Skeleton } from '../../ui/Skeleton';
import { profileCompletionQueryOptions, startupProfileQueryOptions } from '../profile';
import { useAnimatedPercentage } from './useAnimatedPercentage';

/** Startup Profile card (spec §2): company, industry, stage, raising and the animated completion bar. */
export function ProfileSummaryCard() {
  const profileQuery = useQuery(startupProfileQueryOptions());
  const completionQuery = useQuery(profileCompletionQueryOptions());
  const completion = completionQuery.data ?? profileQuery.data?.completion;
  const percentage = completion?.percentage ?? 0;
  const isComplete = completion?.isComplete ?? false;
  const shown = useAnimatedPercentage(percentage);
  const profile = profileQuery.data?.profile ?? {};
  const rows = [
    ['Company', profile.companyName],
    ['Industry', profile.industry],
    ['Stage', profile.stage],
    ['Raising', profile.raising],
  ] as const;

  return (
    <Card className="flex flex-col" data-testid="profile-card">
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle className="flex items-center gap-2">
          <Rocket className="size-4 text-primary" aria-hidden="true" />
          Startup Profile
        </CardTitle>
        <Link to="/settings" className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-mr-2' })}>
          {/* An action, not a status: "Complete" beside 0 % read like one. */}
          {isComplete ? 'Edit' : 'Fill in profile'}
          <ArrowRight className="size-3.5" aria-hidden="true" />
        </Link>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-5">
        {profileQuery.isPending ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            {rows.map(([label]) => (
              <Skeleton key={label} className="h-5 w-full" />
            ))}
          </div>
        ) : (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2.5 text-sm">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd
                  className={value ? 'truncate text-right font-medium' : 'text-right text-muted-foreground/70 italic'}
                  title={value}
                >
                  {value || 'Not set'}
                </dd>
              </div>
            ))}
          </dl>
        )}
        {profile.oneLineExplanation ? (
          <p className="line-clamp-2 border-l-2 border-primary/40 pl-3 text-sm text-muted-foreground italic">
            {profile.oneLineExplanation}
          </p>
        ) : null}
        <div className="mt-auto flex flex-col gap-2">
          <div className="flex items-center justify-between text-sm">
            <span className="text-muted-foreground">Profile completion</span>
            <span className="font-semibold tabular-nums" data-testid="profile-card-percentage">
              {shown}%
            </span>
          </div>
          <Progress
            value={shown}
            label="Profile completion"
            indicatorClassName={isComplete && shown === 100 ? 'bg-success transition-none' : 'transition-none'}
          />
          {isComplete ? null : (
            <div className="mt-2 flex flex-col gap-3 rounded-lg bg-muted/60 p-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-xs text-muted-foreground">A complete profile unlocks VC submissions.</p>
              <Link to="/settings" className={buttonVariants({ size: 'sm' })}>
                Complete Profile
              </Link>
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
