import type { SystemSnapshot } from '@fp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Activity, Database, Gauge, Layers, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, type BadgeVariant } from '../../ui/Badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { PageHeader } from '../../ui/PageHeader';
import { Skeleton } from '../../ui/Skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/Table';
import { count, LoadError } from './OpsParts';
import { systemQueryOptions } from './queries';

const STATUS_TONE: Record<SystemSnapshot['projections'][number]['status'], BadgeVariant> = {
  running: 'success',
  standby: 'secondary',
  stopped: 'outline',
  failed: 'destructive',
};

function Figure({ label, value, hint, bad }: { label: string; value: ReactNode; hint?: string; bad?: boolean }) {
  return (
    <div>
      <p className={bad ? 'text-3xl font-bold tabular-nums text-destructive' : 'text-3xl font-bold tabular-nums'}>
        {value}
      </p>
      <p className="text-xs text-muted-foreground">{label}</p>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

function Panel({
  title,
  icon: Icon,
  description,
  children,
}: {
  title: string;
  icon: typeof Activity;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card data-testid="system-panel">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="flex flex-wrap gap-8">{children}</CardContent>
    </Card>
  );
}

const ms = (v: number | null) =>
  v === null ? '—' : v >= 1000 ? `${(v / 1000).toLocaleString('en-US')} s` : `${count(v)} ms`;
const percent = (r: number) => `${(r * 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;
const mb = (bytes: number) => `${count(Math.round(bytes / 1024 / 1024))} MB`;

/** /ops/system (admins): the machine at a glance, refreshed every 5 s (the same figures as /metrics). */
export function SystemPage() {
  const system = useQuery(systemQueryOptions());
  let body;
  if (system.isPending)
    body = (
      <div className="grid gap-4 lg:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-40 rounded-xl" />
        ))}
      </div>
    );
  else if (system.isError) body = <LoadError error={system.error} who="administrators" what="the system figures" />;
  else {
    const s = system.data;
    const lagging = s.projections.filter((p) => p.lag > 0).length;
    body = (
      <div className="flex flex-col gap-4">
        <div className="grid gap-4 lg:grid-cols-2">
          <Panel
            title="Requests"
            icon={Activity}
            description={`This API process, last ${s.http.windowMinutes} minute${s.http.windowMinutes === 1 ? '' : 's'}`}
          >
            <Figure label="latency p95" value={ms(s.http.p95Ms)} />
            <Figure
              label="error rate (5xx)"
              value={percent(s.http.errorRate)}
              bad={s.http.errorRate > 0}
              hint={`${count(s.http.errors)} of ${count(s.http.requests)} requests`}
            />
          </Panel>
          <Panel
            title="Database pool"
            icon={Database}
            description={`This API process (pid ${s.process.pid}, up ${count(Math.round(s.process.uptimeSeconds / 60))} min, ${mb(s.process.residentMemoryBytes)})`}
          >
            <Figure label={`in use of ${count(s.pool.max)}`} value={count(s.pool.inUse)} />
            <Figure label="waiting for a connection" value={count(s.pool.waiting)} bad={s.pool.waiting > 0} />
          </Panel>
          <Panel title="Workflow queue" icon={Gauge} description="Applications waiting for a worker and running">
            <Figure label="queued" value={count(s.runs.pending)} />
            <Figure label="running" value={count(s.runs.processing)} />
          </Panel>
          <Panel title="Mail outbox" icon={Mail} description="E-mails queued or waiting for another try">
            <Figure label="waiting" value={count(s.mailOutbox)} />
          </Panel>
        </div>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <Layers className="size-4 text-muted-foreground" aria-hidden="true" />
              Projections
            </CardTitle>
            <CardDescription>
              {lagging ? `${lagging} behind the event log` : 'All caught up with the event log'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Table aria-label="Projections">
              <TableHeader>
                <TableRow>
                  <TableHead>Projection</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="text-right">Lag (events)</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {s.projections.map((p) => (
                  <TableRow key={p.name}>
                    <TableCell className="font-mono text-xs">{p.name}</TableCell>
                    <TableCell>
                      <Badge variant={STATUS_TONE[p.status]}>{p.status}</Badge>
                      {p.error ? <span className="ml-2 text-xs text-destructive">{p.error}</span> : null}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{count(p.lag)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
        <p className="text-xs text-muted-foreground">
          Read {new Date(s.at).toLocaleTimeString('en-US')}, refreshed every 5 seconds. For history and every process,
          scrape /metrics (docs/deploy.md).
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="System"
        description="Pool, projection lag, queue, latency and errors of the running service."
      />
      {body}
    </div>
  );
}
