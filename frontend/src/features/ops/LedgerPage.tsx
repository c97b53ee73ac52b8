import type { AuditRun, AuditRunDetail, LedgerLine } from '@fp/contracts';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Download, FileSearch, History, Play, Search, TriangleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { Input } from '../../ui/Input';
import { PageHeader } from '../../ui/PageHeader';
import { Progress } from '../../ui/Progress';
import { Skeleton } from '../../ui/Skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/Table';
import { toast } from '../../ui/toast';
import { count, LoadError, when } from './OpsParts';
import { PendingRefunds } from './PendingRefunds';
import {
  auditRunQueryOptions,
  auditRunsQueryOptions,
  downloadAuditCsv,
  ledgerQueryOptions,
  useStartAudit,
} from './queries';

const signed = (n: number) => (n > 0 ? `+${count(n)}` : count(n));

function LedgerTable({ lines, highlight }: { lines: LedgerLine[]; highlight?: (l: LedgerLine) => boolean }) {
  return (
    <Table aria-label="Ledger" className="min-w-[52rem]">
      <TableHeader>
        <TableRow>
          <TableHead className="text-right">#</TableHead>
          <TableHead>When</TableHead>
          <TableHead>Kind</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead className="text-right">Balance after</TableHead>
          <TableHead>Reason</TableHead>
          <TableHead>Actor</TableHead>
          <TableHead>Reference</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.map((l) => {
          const wrong = l.recordedBalance !== l.balance || highlight?.(l);
          return (
            <TableRow key={l.position} data-testid="ledger-line" className={wrong ? 'bg-destructive/10' : undefined}>
              <TableCell className="text-right tabular-nums">{l.position}</TableCell>
              <TableCell className="whitespace-nowrap">{when(l.at)}</TableCell>
              <TableCell className="capitalize">{l.kind}</TableCell>
              <TableCell className="text-right tabular-nums">{signed(l.amount)}</TableCell>
              <TableCell className="text-right tabular-nums">
                {count(l.balance)}
                {l.recordedBalance !== l.balance ? (
                  <span className="block text-xs text-destructive">recorded {count(l.recordedBalance)}</span>
                ) : null}
              </TableCell>
              <TableCell className="min-w-40">{l.reason}</TableCell>
              <TableCell className="whitespace-nowrap">{l.actor}</TableCell>
              <TableCell className="break-all text-xs text-muted-foreground">{l.reference ?? '—'}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function UserLedger() {
  const [draft, setDraft] = useState('');
  const [email, setEmail] = useState('');
  const ledger = useQuery(ledgerQueryOptions(email));
  const search = (e: FormEvent) => {
    e.preventDefault();
    setEmail(draft.trim());
  };
  let body = null;
  if (email === '')
    body = (
      <p className="text-sm text-muted-foreground">
        Enter a user's e-mail address to replay their ledger from the event store.
      </p>
    );
  else if (ledger.isPending) body = <Skeleton className="h-40 w-full" />;
  else if (ledger.isError) body = <LoadError error={ledger.error} who="administrators and auditors" what="ledgers" />;
  else if (ledger.data.lines.length === 0)
    body = <EmptyState icon={<History />} title={`${ledger.data.user.email} has no credit movements`} />;
  else {
    const d = ledger.data;
    body = (
      <div className="flex flex-col gap-3">
        <p className="text-sm" data-testid="ledger-summary">
          <span className="font-medium">{d.user.email}</span>: {count(d.lines.length)} movement(s), replayed balance{' '}
          <span className="font-semibold">{count(d.balance)}</span>
          {d.readModelBalance === d.balance ? (
            <Badge variant="success" className="ml-2">
              Matches the read model
            </Badge>
          ) : (
            <Badge variant="destructive" className="ml-2">
              Read model says {count(d.readModelBalance)}
            </Badge>
          )}
        </p>
        <LedgerTable lines={d.lines} />
      </div>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>User ledger</CardTitle>
        <CardDescription>
          Every credit movement with the balance after it, its reason, actor and reference.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form onSubmit={search} className="flex gap-2" role="search">
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              aria-label="User e-mail"
              type="email"
              placeholder="founder@example.com"
              className="pl-9"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
            />
          </div>
          <Button type="submit" variant="outline">
            Show ledger
          </Button>
        </form>
        {body}
      </CardContent>
    </Card>
  );
}

const STATUS = {
  running: { label: 'Running', variant: 'secondary' },
  done: { label: 'Done', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
} as const;

function RunResult({ run }: { run: AuditRun }) {
  if (run.status === 'running') {
    const p = run.progress;
    return (
      <div className="flex flex-col gap-2" data-testid="audit-progress">
        <Progress label="Audit progress" value={p?.done ?? 0} max={p?.total ?? Math.max(1, p?.done ?? 1)} />
        <p className="text-xs text-muted-foreground">
          {p?.total ? `${count(p.done)} of ${count(p.total)} events replayed` : 'Starting...'}
        </p>
      </div>
    );
  }
  if (run.status === 'failed')
    return (
      <p role="alert" className="text-sm text-destructive">
        The audit failed: {run.error}
      </p>
    );
  return run.ok ? (
    <p className="flex items-center gap-2 text-sm text-success" data-testid="audit-result">
      <CheckCircle2 className="size-4" aria-hidden="true" />
      All {count(run.streams ?? 0)} ledgers match: {count(run.events ?? 0)} events replayed in {count(run.ms ?? 0)} ms.
    </p>
  ) : (
    <p className="flex items-center gap-2 text-sm text-destructive" data-testid="audit-result">
      <TriangleAlert className="size-4" aria-hidden="true" />
      {count(run.problems ?? 0)} of {count(run.streams ?? 0)} ledgers do not match ({count(run.events ?? 0)} events
      replayed in {count(run.ms ?? 0)} ms).
    </p>
  );
}

function Findings({ run }: { run: AuditRunDetail }) {
  if (run.status !== 'done' || run.findings.length === 0) return null;
  return (
    <div className="flex flex-col gap-4" aria-label="Findings">
      {run.findings.map((f) => (
        <div
          key={f.userId}
          className="flex flex-col gap-2 rounded-lg border border-destructive/40 p-3"
          data-testid="audit-finding"
        >
          <p className="text-sm">
            <Badge variant="destructive" className="mr-2 uppercase">
              {f.status}
            </Badge>
            <span className="font-medium">{f.email ?? f.userId}</span>: {f.problem}
          </p>
          <p className="text-xs text-muted-foreground">
            Replayed {count(f.replayed)} after {count(f.events)} events; read model{' '}
            {f.readModel === null
              ? 'has no row'
              : `${count(f.readModel)} after ${count(f.readModelEvents ?? 0)} events`}
            .{f.linesOmitted ? ` The ${count(f.linesOmitted)} earlier event(s) are in the user's ledger above.` : ''}
          </p>
          {f.lines.length ? <LedgerTable lines={f.lines} /> : null}
        </div>
      ))}
      {run.findingsOmitted ? (
        <p className="text-xs text-muted-foreground">
          {count(run.findingsOmitted)} more problem ledger(s) are listed in the CSV.
        </p>
      ) : null}
    </div>
  );
}

function FullAudit() {
  const runs = useQuery(auditRunsQueryOptions());
  const [chosen, setChosen] = useState<string | null>(null);
  const selectedId = chosen ?? runs.data?.[0]?.id ?? null;
  const detail = useQuery(auditRunQueryOptions(selectedId));
  const start = useStartAudit();
  const [downloading, setDownloading] = useState(false);
  const running = runs.data?.some((r) => r.status === 'running') ?? false;

  const run = () =>
    start.mutate(undefined, {
      onSuccess: (r) => setChosen(r?.id ?? null),
      onError: (e) => toast({ title: 'Could not start the audit', description: e.message, variant: 'destructive' }),
    });
  const download = async (id: string) => {
    setDownloading(true);
    try {
      const { fileName } = await downloadAuditCsv(id);
      toast({ title: 'CSV downloaded', description: fileName, variant: 'success' });
    } catch (e) {
      toast({ title: 'Download failed', description: (e as Error).message, variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  const current = detail.data ?? runs.data?.find((r) => r.id === selectedId);
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Full audit</CardTitle>
          <CardDescription>
            Replays every ledger from the event store and compares each balance with the read model.
          </CardDescription>
        </div>
        <Button onClick={run} disabled={start.isPending || running}>
          <Play className="size-4" aria-hidden="true" />
          {running ? 'Audit running...' : 'Run full audit'}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {runs.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : runs.isError ? (
          <LoadError error={runs.error} who="administrators and auditors" what="audit runs" />
        ) : runs.data.length === 0 ? (
          <EmptyState
            icon={<FileSearch />}
            title="No audit has been run yet"
            description="Run the full audit to check every ledger."
          />
        ) : (
          <>
            {current ? (
              <section aria-label="Selected run" className="flex flex-col gap-3 rounded-lg bg-muted/40 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm">
                    Run of {when(current.requestedAt)} by{' '}
                    <span className="font-medium">{current.requestedBy.email ?? current.requestedBy.id}</span>
                  </p>
                  {current.status === 'done' ? (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={downloading}
                      onClick={() => void download(current.id)}
                    >
                      <Download className="size-4" aria-hidden="true" />
                      {downloading ? 'Downloading...' : 'Download CSV'}
                    </Button>
                  ) : null}
                </div>
                <RunResult run={current} />
                {detail.data ? <Findings run={detail.data} /> : null}
              </section>
            ) : null}
            <Table aria-label="Past audit runs" className="min-w-[40rem]">
              <TableHeader>
                <TableRow>
                  <TableHead>Started</TableHead>
                  <TableHead>By</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="text-right">Ledgers</TableHead>
                  <TableHead className="text-right">Problems</TableHead>
                  <TableHead>
                    <span className="sr-only">Open</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {runs.data.map((r) => (
                  <TableRow
                    key={r.id}
                    data-testid="audit-run"
                    data-state={r.id === selectedId ? 'selected' : undefined}
                  >
                    <TableCell className="whitespace-nowrap">{when(r.requestedAt)}</TableCell>
                    <TableCell className="whitespace-nowrap">{r.requestedBy.email ?? r.requestedBy.id}</TableCell>
                    <TableCell>
                      <Badge variant={STATUS[r.status].variant}>{STATUS[r.status].label}</Badge>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {r.streams === null ? '—' : count(r.streams)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {r.problems === null ? '—' : count(r.problems)}
                    </TableCell>
                    <TableCell className="text-right">
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setChosen(r.id)}
                        aria-label={`Show the run of ${when(r.requestedAt)}`}
                      >
                        Show
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** /ops/ledger (admins and auditors): one user's ledger, and the full audit run from the screen. */
export function LedgerPage() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Ledger"
        description="Replay a user's credit ledger, follow refunds still owed, or audit every ledger against the read model."
      />
      <UserLedger />
      <PendingRefunds />
      <FullAudit />
    </div>
  );
}
