import type { Submission } from '@fp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { CheckCircle2, CircleStop, Inbox, Loader2, Send, TrendingUp, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '../../ui/Badge';
import { buttonVariants } from '../../ui/Button';
import { AnswerQuestionsContext, AnswerQuestionsDialog } from './AnswerQuestionsDialog';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { Skeleton } from '../../ui/Skeleton';
import { StatTile } from '../../ui';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs';
import { needsAnswers, successRate, successRateLabel } from './format';
import { submissionsTab } from './search';
import {
  LIST_LIMIT,
  submissionKeys,
  submissionStatsQueryOptions,
  submissionsQueryOptions,
  ZERO_STATS,
  type SubmissionTab,
} from './queries';
import { SubmissionDetailsDialog } from './SubmissionDetailsDialog';
import { SubmissionsList } from './SubmissionsList';

const route = getRouteApi('/submissions');

const TABS: { value: SubmissionTab; label: string; short: string; count: (s: typeof ZERO_STATS) => number }[] = [
  { value: 'all', label: 'All', short: 'All', count: (s) => s.total },
  { value: 'processing', label: 'Processing', short: 'Active', count: (s) => s.processing },
  { value: 'completed', label: 'Completed', short: 'Done', count: (s) => s.completed },
  { value: 'failed', label: 'Failed', short: 'Failed', count: (s) => s.failed },
];

function TabList({ tab, onDetails }: { tab: SubmissionTab; onDetails: (s: Submission) => void }) {
  const q = useQuery(submissionsQueryOptions(tab));
  // The stat cards and tab counts refresh with the rows, so no "Failed 0" stands beside a failed row.
  const queryClient = useQueryClient();
  useEffect(() => {
    const statsAt = queryClient.getQueryState(submissionKeys.stats())?.dataUpdatedAt ?? 0;
    if (q.dataUpdatedAt && q.dataUpdatedAt - statsAt > 1000)
      void queryClient.invalidateQueries({ queryKey: submissionKeys.stats() });
  }, [q.dataUpdatedAt, queryClient]);
  if (q.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading submissions">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  if (q.isError) {
    return <EmptyState title="Could not load submissions" description={q.error.message} />;
  }
  const { submissions, total } = q.data;
  if (!submissions.length) {
    return tab === 'all' ? (
      <EmptyState
        icon={<Inbox />}
        title="No submissions yet"
        description="Select VC firms in the database and submit your application to follow its progress here."
        action={
          <Link to="/vc-database" className={buttonVariants({ size: 'sm' })}>
            Browse VC Database
          </Link>
        }
      />
    ) : (
      <EmptyState icon={<Inbox />} title="Nothing here" description="No submissions with this status." />
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <SubmissionsList submissions={submissions} onDetails={onDetails} />
      {total > submissions.length ? (
        <p className="text-xs text-muted-foreground">
          Showing the latest {LIST_LIMIT} of {total.toLocaleString('en-US')}.
        </p>
      ) : null}
    </div>
  );
}

/** /submissions (spec §2): stats, tabs with counts, table or cards, row actions, details; the list and the stats refresh together every 15 s. */
export function SubmissionsPage() {
  // The tab lives in the URL (?tab=failed) so a reload keeps it.
  const navigate = useNavigate();
  const urlSearch = route.useSearch();
  const tab = submissionsTab(urlSearch);
  const setTab = (t: SubmissionTab) =>
    void navigate({
      to: '/submissions',
      search: (prev) => ({ ...prev, tab: t === 'all' ? undefined : t }),
      replace: true,
    });
  const [selected, setSelected] = useState<Submission | null>(null);
  const statsQuery = useQuery(submissionStatsQueryOptions());
  const stats = statsQuery.data ?? ZERO_STATS;
  // Completed out of finished (completed + failed); stopped runs are counted apart.
  const rate = successRate(stats) ?? 0;
  // The dialog follows the row as the list refreshes.
  const lists = useQuery({ ...submissionsQueryOptions(tab), enabled: false });
  const current = selected ? (lists.data?.submissions.find((s) => s.id === selected.id) ?? selected) : null;
  const [answering, setAnswering] = useState<Submission | null>(null);
  // One dialog at a time: answering from the details closes them.
  const openAnswers = (s: Submission) => {
    setSelected(null);
    setAnswering(s);
  };
  // Waiting runs are shown by the app-wide banner (WaitingRunsBanner), not a toast; its link and the
  // e-mail's (?answer=<id>) open that run's questions here.
  const fromLink = useRef(urlSearch.answer ?? null);
  useEffect(() => {
    if (!fromLink.current) return;
    const linked = (lists.data?.submissions ?? []).filter(needsAnswers).find((s) => s.id === fromLink.current);
    if (!linked) return;
    fromLink.current = null;
    setAnswering(linked);
  }, [lists.data]);

  return (
    <AnswerQuestionsContext.Provider value={openAnswers}>
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
        <PageHeader
          title="Submissions"
          description="Follow your applications to VC firms."
          className="mb-0"
          actions={
            <Badge
              variant={rate >= 50 ? 'success' : rate > 0 ? 'warning' : 'secondary'}
              className="px-3 py-1 text-sm"
              data-testid="success-rate"
            >
              <TrendingUp aria-hidden="true" /> {successRateLabel(stats)} success rate
            </Badge>
          }
        />

        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
          <StatTile
            testId="stat-total"
            title="Total Submissions"
            value={stats.total}
            icon={<Send />}
            tone="bg-primary/10 text-primary"
          />
          <StatTile
            testId="stat-completed"
            title="Completed"
            value={stats.completed}
            icon={<CheckCircle2 />}
            tone="bg-success/15 text-success"
          />
          <StatTile
            testId="stat-processing"
            title="Processing"
            value={stats.processing}
            icon={<Loader2 />}
            tone="bg-warning/20 text-warning-foreground dark:text-warning"
          />
          <StatTile
            testId="stat-failed"
            title="Failed"
            value={stats.failed}
            icon={<XCircle />}
            tone="bg-destructive/15 text-destructive"
          />
          <StatTile
            testId="stat-stopped"
            title="Stopped"
            value={stats.stopped}
            icon={<CircleStop />}
            tone="bg-muted text-muted-foreground"
          />
        </div>

        <Tabs value={tab} onValueChange={(v) => setTab(v as SubmissionTab)}>
          <TabsList aria-label="Submission status" className="w-full sm:w-auto">
            {TABS.map((t) => (
              <TabsTrigger
                key={t.value}
                value={t.value}
                className="flex-1 gap-1 px-2 sm:flex-none sm:gap-1.5 sm:px-3"
                data-testid={`tab-${t.value}`}
              >
                <span className="hidden md:inline">{t.label}</span>
                <span className="md:hidden">{t.short}</span>
                <Badge variant="secondary" className="px-1.5 py-0 tabular-nums" data-testid={`tab-count-${t.value}`}>
                  {t.count(stats).toLocaleString('en-US')}
                </Badge>
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map((t) => (
            <TabsContent key={t.value} value={t.value}>
              <TabList tab={t.value} onDetails={setSelected} />
            </TabsContent>
          ))}
        </Tabs>

        <SubmissionDetailsDialog
          submission={current}
          open={!!current}
          onOpenChange={(open) => !open && setSelected(null)}
        />
        <AnswerQuestionsDialog submission={answering} onOpenChange={(open) => !open && setAnswering(null)} />
      </div>
    </AnswerQuestionsContext.Provider>
  );
}
