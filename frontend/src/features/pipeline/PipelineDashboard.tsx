import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, CalendarClock, KanbanSquare } from 'lucide-react';
import { cn } from '../../lib/cn';
import { buttonVariants, Card, CardContent, CardHeader, CardTitle, Skeleton } from '../../ui';
import { followUpLabel, followUpsDue, localDay, pipelineQueryOptions, stageCounts } from './queries';

const viewAll = buttonVariants({ variant: 'ghost', size: 'sm', className: '-mr-2' });

/** Dashboard: follow-ups due today or overdue. */
export function FollowUpsCard() {
  const board = useQuery(pipelineQueryOptions());
  const today = localDay(new Date());
  const due = followUpsDue(board.data ?? [], today);
  return (
    <Card className="flex flex-col" data-testid="follow-ups-card">
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle className="flex items-center gap-2">
          <CalendarClock className="size-4 text-primary" aria-hidden="true" />
          Follow-ups due
        </CardTitle>
        <Link to="/pipeline" className={viewAll}>
          Pipeline <ArrowRight className="size-3.5" aria-hidden="true" />
        </Link>
      </CardHeader>
      <CardContent className="flex-1">
        {board.isPending ? (
          <Skeleton className="h-20" />
        ) : board.isError ? (
          <p className="text-sm text-destructive">Follow-ups unavailable: {board.error.message}</p>
        ) : due.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No follow-ups due today. Set a next follow-up date on a pipeline card to see it here when it is due.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {due.slice(0, 6).map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="min-w-0">
                  <span className="block truncate font-medium">{c.name}</span>
                  <span className="text-xs text-muted-foreground">{c.stage}</span>
                </span>
                <span
                  className={cn(
                    'shrink-0 text-xs font-medium',
                    c.nextFollowUp! < today ? 'text-destructive' : 'text-warning',
                  )}
                >
                  {followUpLabel(c.nextFollowUp!, today)}
                </span>
              </li>
            ))}
            {due.length > 6 ? <li className="pt-2 text-xs text-muted-foreground">and {due.length - 6} more</li> : null}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Dashboard: the pipeline as a funnel, one bar per stage. */
export function PipelineFunnelCard() {
  const board = useQuery(pipelineQueryOptions());
  const counts = stageCounts(board.data ?? []);
  const max = Math.max(1, ...counts.map((c) => c.count));
  const total = board.data?.length ?? 0;
  return (
    <Card className="flex flex-col" data-testid="funnel-card">
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle className="flex items-center gap-2">
          <KanbanSquare className="size-4 text-primary" aria-hidden="true" />
          Pipeline
        </CardTitle>
        <span className="text-xs text-muted-foreground">
          {total} investor{total === 1 ? '' : 's'}
        </span>
      </CardHeader>
      <CardContent>
        {board.isPending ? (
          <Skeleton className="h-40" />
        ) : board.isError ? (
          <p className="text-sm text-destructive">Pipeline unavailable: {board.error.message}</p>
        ) : (
          <figure>
            <figcaption className="sr-only">Investors per pipeline stage</figcaption>
            <dl className="flex flex-col gap-1.5" data-testid="funnel">
              {counts.map(({ stage, count }) => (
                <div key={stage} className="grid grid-cols-[7.5rem_1fr_2rem] items-center gap-2 text-xs">
                  <dt className="truncate text-muted-foreground">{stage}</dt>
                  <dd className="contents">
                    <span className="flex h-4 justify-center rounded bg-muted/60" aria-hidden="true">
                      <span
                        className={cn('h-full rounded', stage === 'Passed' ? 'bg-muted-foreground/40' : 'bg-primary')}
                        style={{ width: `${(count / max) * 100}%` }}
                      />
                    </span>
                    <span className="text-right font-medium tabular-nums" data-testid={`funnel-${stage}`}>
                      {count}
                    </span>
                  </dd>
                </div>
              ))}
            </dl>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}
