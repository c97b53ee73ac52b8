import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, BarChart3, Building2, Coins, Send, Sparkles } from 'lucide-react';
import { displayName, useIdentity } from '../../lib/identity';
import { buttonVariants } from '../../ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/Card';
import { PageHeader } from '../../ui/PageHeader';
import { StatCard } from '../../ui';
import { creditBalanceQueryOptions } from '../credits';
import { FollowUpsCard, PipelineFunnelCard } from '../pipeline';
import { SavedSearchesCard } from '../saved-searches';
import { ActivityChart } from './ActivityChart';
import { ProfileSummaryCard } from './ProfileSummaryCard';
import { successRateLabel } from '@fp/contracts';
import {
  fillActivity,
  submissionActivityQueryOptions,
  submissionStatsQueryOptions,
  weeklyTotals,
  ZERO_STATS,
} from './queries';
import { WeeklyChart } from './WeeklyChart';
import { DeckReadersLine } from '../deck-links';
import { meQueryOptions } from '../accounts';
import { FirstRunChecklist } from './FirstRunChecklist';

const linkClass = buttonVariants({ variant: 'link', size: 'sm', className: 'h-auto px-0' });

const WEEKS = 12;

/** / and /dashboard (spec §2). */
export function DashboardPage() {
  const { user } = useIdentity();
  // "Welcome back" only after a previous sign-in, as the server holds it.
  const me = useQuery(meQueryOptions());
  const greeting = `${me.data?.signedInBefore ? 'Welcome back' : 'Welcome'}, ${displayName(user)}!`;
  const balance = useQuery(creditBalanceQueryOptions());
  const statsQuery = useQuery(submissionStatsQueryOptions());
  const activityQuery = useQuery(submissionActivityQueryOptions(30));
  // Until the submissions endpoints answer (or when they fail), the dashboard shows zeros.
  const stats = statsQuery.data ?? ZERO_STATS;
  const activity = activityQuery.data ?? fillActivity(null, 30, new Date());
  // Over finished runs only (completed + failed); stopped and running ones are told apart.
  const rate = successRateLabel(stats);
  const weeksQuery = useQuery(submissionActivityQueryOptions(WEEKS * 7));
  const weeks = weeklyTotals(weeksQuery.data ?? fillActivity(null, WEEKS * 7, new Date()));

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader title="Dashboard" description={greeting} className="mb-0" />
      <DeckReadersLine />
      <FirstRunChecklist />

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard
          testId="vc-card"
          icon={<Building2 />}
          title="VC Database"
          value="29,000+"
          detail="VC firms ready for your application"
          action={
            <Link to="/vc-database" className={linkClass}>
              Browse Firms <ArrowRight className="size-3.5" aria-hidden="true" />
            </Link>
          }
        />
        <StatCard
          testId="submissions-card"
          icon={<Send />}
          title="Submissions"
          value={stats.total.toLocaleString('en-US')}
          detail={
            stats.processing
              ? `${stats.processing.toLocaleString('en-US')} queued or running`
              : 'Applications, one per firm'
          }
          action={
            <Link to="/submissions" className={linkClass}>
              View Submissions <ArrowRight className="size-3.5" aria-hidden="true" />
            </Link>
          }
        />
        <StatCard
          testId="credits-card"
          icon={<Coins />}
          title="Credits"
          value={balance.isError ? '—' : balance.data === undefined ? '…' : balance.data.toLocaleString('en-US')}
          detail={balance.isError ? 'Credits unavailable' : '1 credit = 1 VC application'}
          action={
            <Link to="/credits" className={linkClass}>
              Buy Credits <ArrowRight className="size-3.5" aria-hidden="true" />
            </Link>
          }
        />
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <ProfileSummaryCard />
        <Card className="flex flex-col" data-testid="stats-card">
          <CardHeader className="flex-row items-center justify-between gap-3">
            <CardTitle className="flex items-center gap-2">
              <BarChart3 className="size-4 text-primary" aria-hidden="true" />
              Application Stats
            </CardTitle>
            <Link to="/submissions" className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-mr-2' })}>
              View All <ArrowRight className="size-3.5" aria-hidden="true" />
            </Link>
          </CardHeader>
          <CardContent className="flex flex-1 flex-col gap-5">
            <dl className="grid grid-cols-3 gap-3 text-center">
              {[
                ['Total', stats.total.toLocaleString('en-US'), 'text-foreground'],
                ['Completed', stats.completed.toLocaleString('en-US'), 'text-success'],
                ['Success %', rate, 'text-primary'],
              ].map(([label, value, color]) => (
                <div
                  key={label}
                  data-testid={`stat-${label}`}
                  className="flex flex-col-reverse gap-0.5 rounded-lg bg-muted/60 px-2 py-3"
                >
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className={`text-2xl font-bold tabular-nums ${color}`}>{value}</dd>
                </div>
              ))}
            </dl>
            <p className="text-center text-xs text-muted-foreground" data-testid="stats-apart">
              {stats.failed.toLocaleString('en-US')} failed · {stats.stopped.toLocaleString('en-US')} stopped (not
              counted) · {stats.processing.toLocaleString('en-US')} queued or running. Success % is completed out of
              finished.
            </p>
            <div className="mt-auto">
              <ActivityChart days={activity} loading={activityQuery.isPending} />
            </div>
          </CardContent>
        </Card>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <FollowUpsCard />
        <SavedSearchesCard />
        <PipelineFunnelCard />
        <Card className="flex flex-col" data-testid="weekly-card">
          <CardHeader className="flex-row items-center justify-between gap-3">
            <CardTitle className="flex items-center gap-2">
              <BarChart3 className="size-4 text-primary" aria-hidden="true" />
              Applications per week
            </CardTitle>
          </CardHeader>
          <CardContent className="mt-auto">
            <WeeklyChart weeks={weeks} loading={weeksQuery.isPending} />
          </CardContent>
        </Card>
      </div>

      <Card className="overflow-hidden border-primary/30 bg-gradient-to-r from-primary/10 via-primary/5 to-transparent">
        <CardContent className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
          <div className="flex items-start gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary">
              <Sparkles className="size-5" aria-hidden="true" />
            </span>
            <div className="flex flex-col gap-0.5">
              <p className="font-semibold">Reach more investors</p>
              <p className="text-sm text-muted-foreground">
                Each credit sends one application to a VC firm of your choice.
              </p>
            </div>
          </div>
          <Link to="/pricing" className={buttonVariants({ className: 'w-full sm:w-auto' })}>
            Get More Credits
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
