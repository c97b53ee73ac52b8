import { ACTION_PRICES, withCost, WORKFLOW_STATUSES, type OpsWorkflowRun, type WorkflowKind } from '@fp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Activity, ChevronLeft, ChevronRight, ListTree, RotateCcw, Square } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge, type BadgeVariant } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { PageHeader } from '../../ui/PageHeader';
import { Select } from '../../ui/Select';
import { Skeleton } from '../../ui/Skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/Table';
import { toast } from '../../ui/toast';
import { Tabs, TabsList, TabsTrigger } from '../../ui/Tabs';
import { count, LoadError, when } from './OpsParts';
import { WorkflowDetailDialog } from './WorkflowDetail';
import { useSpendConfirmation } from '../credits';
import {
  EMPTY_WORKFLOW_FILTERS,
  founderBalance,
  useWorkflowAction,
  workflowsQueryOptions,
  type WorkflowFilters,
} from './queries';

const STATUS: Record<OpsWorkflowRun['status'], { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Queued', variant: 'secondary' },
  processing: { label: 'Running', variant: 'default' },
  completed: { label: 'Completed', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
  stopped: { label: 'Stopped', variant: 'warning' },
  queued: { label: 'Queued', variant: 'secondary' },
  retrying: { label: 'Retrying', variant: 'warning' },
  sent: { label: 'Sent', variant: 'success' },
  running: { label: 'Running', variant: 'default' },
  finished: { label: 'Finished', variant: 'success' },
};
const statusOptions = (kind: WorkflowKind) =>
  WORKFLOW_STATUSES[kind].map((value) => ({ value, label: STATUS[value as OpsWorkflowRun['status']].label }));
const KINDS: { value: WorkflowKind; label: string; what: string; when: string }[] = [
  { value: 'submission', label: 'Applications', what: 'Firm', when: 'Submitted' },
  { value: 'mail', label: 'E-mail', what: 'Subject', when: 'Queued' },
  { value: 'discovery', label: 'Form discovery', what: 'Run', when: 'Started' },
];
const EMPTY = EMPTY_WORKFLOW_FILTERS;

/** A retry is the founder's own command: it charges the founder one credit (refunded if it fails). */
const RETRY_COST = ACTION_PRICES.vc_application;

function RunActions({ run, onDetails }: { run: OpsWorkflowRun; onDetails: () => void }) {
  const action = useWorkflowAction();
  const spend = useSpendConfirmation();
  const retry = async () => {
    // Asked with the founder's own balance from the server, like the founder's Retry.
    const owner = run.email ?? run.userId ?? 'the founder';
    const ok = await spend.confirm(
      RETRY_COST,
      `Retry the application to ${run.firm ?? 'this firm'} (refunded if it fails)`,
      {
        owner,
        balance: async () => {
          const balance = run.userId ? await founderBalance(run.userId, run.email ?? '').catch(() => null) : null;
          if (balance === null)
            toast({
              title: 'Could not retry',
              description: "The founder's balance could not be read, so nothing was spent. Try again.",
              variant: 'destructive',
            });
          return balance;
        },
      },
    );
    if (ok) act('retry');
  };
  const act = (kind: 'stop' | 'retry') =>
    action.mutate({ id: run.id, action: kind, what: `${run.firm ?? run.subject} for ${run.email ?? run.userId}` });
  return (
    <div className="flex justify-end gap-2">
      <Button
        size="sm"
        variant="ghost"
        onClick={onDetails}
        aria-label={`Details of ${run.firm ?? run.subject ?? run.id}`}
      >
        <ListTree className="size-4" aria-hidden="true" />
        Details
      </Button>
      {run.canStop ? (
        <Button size="sm" variant="outline" disabled={action.isPending} onClick={() => act('stop')}>
          <Square className="size-4" aria-hidden="true" />
          Stop
        </Button>
      ) : null}
      {run.canRetry ? (
        <Button size="sm" variant="outline" disabled={action.isPending} onClick={() => void retry()}>
          <RotateCcw className="size-4" aria-hidden="true" />
          {withCost('Retry', RETRY_COST)}
        </Button>
      ) : null}
      {spend.dialog}
    </div>
  );
}

/**
 * /ops/workflows (admins): submission runs over every founder, live. Stop and Retry are the
 * founder's own commands (the server runs them for the owner: same rules, same credits).
 */
export function WorkflowsPage() {
  const [draft, setDraft] = useState<WorkflowFilters>(EMPTY);
  const [filters, setFilters] = useState<WorkflowFilters>(EMPTY);
  // Cursors of the pages before this one (keyset paging: back is a stack).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [open, setOpen] = useState<OpsWorkflowRun | null>(null);
  const kind = KINDS.find((k) => k.value === filters.kind)!;
  const switchKind = (value: string) => {
    const next = { ...EMPTY, kind: value as WorkflowKind };
    setDraft(next);
    setFilters(next);
    setCursors([null]);
  };
  const cursor = cursors.at(-1) ?? null;
  const list = useQuery(workflowsQueryOptions(filters, cursor));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ ...draft, user: draft.user.trim() });
    setCursors([null]);
  };
  const set = (k: keyof WorkflowFilters) => (value: string) => setDraft((d) => ({ ...d, [k]: value }));
  const counts = list.data?.counts;

  let body;
  if (list.isPending) body = <Skeleton className="h-64 w-full rounded-xl" />;
  else if (list.isError) body = <LoadError error={list.error} who="administrators" what="the workflow console" />;
  else if (list.data.runs.length === 0)
    body = <EmptyState icon={<Activity />} title="No runs match" description="Change the filters to see more runs." />;
  else {
    body = (
      <>
        <Table aria-label="Workflow runs" className="min-w-[60rem]">
          <TableHeader>
            <TableRow>
              <TableHead>Status</TableHead>
              <TableHead>{kind.what}</TableHead>
              <TableHead>Owner</TableHead>
              <TableHead className="text-right">Attempt</TableHead>
              <TableHead>Step</TableHead>
              <TableHead>{kind.when}</TableHead>
              <TableHead>Ended</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.data.runs.map((r) => (
              <TableRow key={r.id} data-testid="workflow-run">
                <TableCell>
                  <Badge variant={STATUS[r.status].variant}>{STATUS[r.status].label}</Badge>
                </TableCell>
                <TableCell>
                  <span className="font-medium">{r.firm ?? r.subject}</span>
                  {r.error ? (
                    <span className="block max-w-72 truncate text-xs text-destructive" title={r.error}>
                      {r.error}
                    </span>
                  ) : null}
                </TableCell>
                <TableCell className="whitespace-nowrap">{r.email ?? r.userId ?? '—'}</TableCell>
                <TableCell className="text-right tabular-nums">{r.attempt}</TableCell>
                <TableCell className="capitalize">{r.step?.replace(/_/g, ' ') ?? '—'}</TableCell>
                <TableCell className="whitespace-nowrap">{when(r.submittedAt)}</TableCell>
                <TableCell className="whitespace-nowrap">{r.endedAt ? when(r.endedAt) : '—'}</TableCell>
                <TableCell>
                  <RunActions run={r} onDetails={() => setOpen(r)} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <div className="flex items-center justify-between gap-2">
          <span className="text-sm text-muted-foreground">Page {cursors.length}</span>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="outline"
              disabled={cursors.length === 1}
              onClick={() => setCursors((c) => c.slice(0, -1))}
            >
              <ChevronLeft className="size-4" aria-hidden="true" />
              Newer
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={!list.data.nextCursor}
              onClick={() => setCursors((c) => [...c, list.data.nextCursor])}
            >
              Older
              <ChevronRight className="size-4" aria-hidden="true" />
            </Button>
          </div>
        </div>
      </>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Workflow runs"
        description="Every founder's applications as they run on the workflow engine, the e-mail the delivery job sends, and the form-discovery runs of the registry. Stop and Retry act as the founder's own buttons do: a Retry spends one of the founder's credits (refunded if it fails), asked first."
        actions={
          counts ? (
            <div className="flex gap-2" aria-label="Live counts" data-testid="workflow-counts">
              <Badge variant="secondary">{count(counts.queued)} queued</Badge>
              <Badge variant="default">{count(counts.running)} running</Badge>
              <Badge variant="destructive">{count(counts.failed)} failed</Badge>
            </div>
          ) : null
        }
      />
      <Tabs value={filters.kind} onValueChange={switchKind}>
        <TabsList aria-label="Kind of run">
          {KINDS.map((k) => (
            <TabsTrigger key={k.value} value={k.value}>
              {k.label}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      <form onSubmit={apply} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end" aria-label="Filters">
        <Field label="Status">
          {(p) => (
            <Select
              {...p}
              options={statusOptions(filters.kind)}
              placeholder="Any status"
              value={draft.status}
              onChange={(e) => set('status')(e.target.value)}
            />
          )}
        </Field>
        <Field
          label={
            filters.kind === 'mail'
              ? 'Recipient or user e-mail'
              : filters.kind === 'discovery'
                ? 'Started by (e-mail)'
                : 'User e-mail'
          }
        >
          {(p) => (
            <Input
              {...p}
              type="email"
              placeholder="founder@example.com"
              value={draft.user}
              onChange={(e) => set('user')(e.target.value)}
            />
          )}
        </Field>
        <Field label={`${kind.when} from`}>
          {(p) => (
            <Input {...p} type="datetime-local" value={draft.from} onChange={(e) => set('from')(e.target.value)} />
          )}
        </Field>
        <Field label={`${kind.when} before`}>
          {(p) => <Input {...p} type="datetime-local" value={draft.to} onChange={(e) => set('to')(e.target.value)} />}
        </Field>
        <Button type="submit" variant="outline">
          Apply filters
        </Button>
      </form>
      {body}
      <WorkflowDetailDialog run={open} onClose={() => setOpen(null)} />
    </div>
  );
}
