import { FORM_OUTCOME_LABELS, FORM_OUTCOMES, type FormDiscoveryRun, type FormOutcome } from '@fp/contracts';
import { useQuery } from '@tanstack/react-query';
import { ClipboardList, Play, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Badge, type BadgeVariant } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { Progress } from '../../ui/Progress';
import { Skeleton } from '../../ui/Skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/Table';
import { Tabs, TabsList, TabsTrigger } from '../../ui/Tabs';
import { toast } from '../../ui/toast';
import { count, LoadError, when } from './OpsParts';
import {
  FIRST_FORMS_COLLECTION,
  formsOverviewQueryOptions,
  useStartFormDiscovery,
  type FormsCollection,
} from './queries';

const TONE: Record<FormOutcome, BadgeVariant> = {
  found: 'success',
  no_form: 'secondary',
  blocked: 'warning',
  unreachable: 'destructive',
  robots_disallowed: 'outline',
  reserved_domain: 'outline',
  no_website: 'outline',
};

function OutcomeCounts({ counts, label }: { counts: Record<string, number>; label: string }) {
  const present = FORM_OUTCOMES.filter((o) => (counts[o] ?? 0) > 0);
  if (!present.length) return <p className="text-sm text-muted-foreground">No firm checked yet.</p>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {present.map((o) => (
        <li key={o}>
          <Badge variant={TONE[o]} data-testid={`outcome-${o}`}>
            {FORM_OUTCOME_LABELS[o]}: <span className="tabular-nums">{count(counts[o]!)}</span>
          </Badge>
        </li>
      ))}
    </ul>
  );
}

function RunProgress({ run }: { run: FormDiscoveryRun }) {
  return (
    <div className="flex flex-col gap-3" data-testid="discovery-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">
          {count(run.checked)} of {count(run.total)} firms checked
        </span>
        <span className="text-muted-foreground">started {when(run.startedAt)}</span>
      </div>
      <Progress value={run.checked} max={run.total} label="Discovery progress" />
      <OutcomeCounts counts={run.counts} label="This run's outcomes" />
    </div>
  );
}

/** /ops/forms (admins): the registry of firms' application forms and its discovery runs. */
export function FormsPage() {
  const [collection, setCollection] = useState<FormsCollection>(FIRST_FORMS_COLLECTION);
  const overview = useQuery(formsOverviewQueryOptions(collection));
  const start = useStartFormDiscovery();

  const run = () =>
    start.mutate(collection, {
      onSuccess: (r) =>
        r.runId
          ? toast({
              title: 'Discovery started',
              description: `${count(r.total)} firm${r.total === 1 ? '' : 's'} to check.`,
              variant: 'success',
            })
          : toast({ title: 'Nothing to check', description: 'Every firm was checked recently.' }),
      onError: (e) => toast({ title: 'Could not start discovery', description: e.message, variant: 'destructive' }),
    });

  let body;
  if (overview.isPending) body = <Skeleton className="h-72 w-full rounded-xl" />;
  else if (overview.isError)
    body = <LoadError error={overview.error} who="administrators" what="the registry of application forms" />;
  else {
    const o = overview.data;
    const total = Object.values(o.counts).reduce((a, b) => a + b, 0);
    body = (
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Discovery run</CardTitle>
            <CardDescription>
              Visits each firm's website like the automation does, a few sites at a time, pausing between visits to one
              host and honouring robots.txt.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {o.current ? (
              <RunProgress run={o.current} />
            ) : (
              <p className="text-sm" data-testid="stale-count">
                {o.stale === 0
                  ? `Every firm was checked in the last ${o.staleDays} days.`
                  : `${count(o.stale)} firm${o.stale === 1 ? '' : 's'} not checked in the last ${o.staleDays} days.`}
              </p>
            )}
            <div>
              <Button onClick={run} disabled={!!o.current || o.stale === 0 || start.isPending}>
                <Play className="size-4" aria-hidden="true" />
                {o.current ? 'A run is going' : `Check stale firms${o.stale ? ` (${count(o.stale)})` : ''}`}
              </Button>
            </div>
          </CardContent>
        </Card>
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Registry</CardTitle>
            <CardDescription>
              {count(total)} firm{total === 1 ? '' : 's'} checked; each firm counts once, by its latest check.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <OutcomeCounts counts={o.counts} label="Firms by outcome" />
          </CardContent>
        </Card>
        <Card className="min-w-0 lg:col-span-2">
          <CardHeader>
            <CardTitle>Last errors</CardTitle>
            <CardDescription>Sites that could not be reached or that block the automation.</CardDescription>
          </CardHeader>
          <CardContent className="overflow-x-auto">
            {o.errors.length === 0 ? (
              <EmptyState
                icon={<TriangleAlert />}
                title="No errors"
                description="No checked site was unreachable or blocked."
              />
            ) : (
              <Table aria-label="Last errors" className="min-w-[40rem]">
                <TableHeader>
                  <TableRow>
                    <TableHead>Firm</TableHead>
                    <TableHead>Outcome</TableHead>
                    <TableHead>What happened</TableHead>
                    <TableHead>Checked</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {o.errors.map((e) => (
                    <TableRow key={e.firmId} data-testid="form-error">
                      <TableCell className="font-medium">{e.firmName ?? e.firmId}</TableCell>
                      <TableCell>
                        <Badge variant={TONE[e.outcome]}>{FORM_OUTCOME_LABELS[e.outcome]}</Badge>
                      </TableCell>
                      <TableCell className="max-w-96 text-sm text-muted-foreground">{e.detail ?? '—'}</TableCell>
                      <TableCell className="whitespace-nowrap">{when(e.checkedAt)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
        {o.recent.length ? (
          <Card className="min-w-0 lg:col-span-2">
            <CardHeader>
              <CardTitle>Recent runs</CardTitle>
            </CardHeader>
            <CardContent className="overflow-x-auto">
              <Table aria-label="Recent runs" className="min-w-[36rem]">
                <TableHeader>
                  <TableRow>
                    <TableHead>Started</TableHead>
                    <TableHead>By</TableHead>
                    <TableHead className="text-right">Checked</TableHead>
                    <TableHead>Finished</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {o.recent.map((r) => (
                    <TableRow key={r.runId} data-testid="discovery-run">
                      <TableCell className="whitespace-nowrap">{when(r.startedAt)}</TableCell>
                      <TableCell className="break-all text-sm">{r.requestedBy}</TableCell>
                      <TableCell className="text-right tabular-nums">
                        {count(r.checked)} / {count(r.total)}
                      </TableCell>
                      <TableCell className="whitespace-nowrap">
                        {r.finishedAt ? when(r.finishedAt) : 'Running'}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
        ) : null}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Application forms"
        description="The registry of firms' application forms: where each form is, what it asks and what blocks it. Submissions skip firms known to have no usable form."
        actions={<ClipboardList className="hidden size-6 text-muted-foreground sm:block" aria-hidden="true" />}
      />
      <Tabs value={collection} onValueChange={(v) => setCollection(v as FormsCollection)}>
        <TabsList aria-label="Catalog">
          <TabsTrigger value="vc">VC database</TabsTrigger>
          <TabsTrigger value="test">Test VC database</TabsTrigger>
        </TabsList>
      </Tabs>
      {body}
    </div>
  );
}
