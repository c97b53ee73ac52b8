import { useQuery } from '@tanstack/react-query';
import { Activity, Database, FileSearch, Gauge, Mail, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '../../ui/Card';
import { PageHeader } from '../../ui/PageHeader';
import { Skeleton } from '../../ui/Skeleton';
import { count, LoadError, when } from './OpsParts';
import { opsSummaryQueryOptions } from './queries';

function Tile({
  title,
  icon: Icon,
  href,
  link,
  children,
}: {
  title: string;
  icon: LucideIcon;
  href?: string;
  link?: string;
  children: ReactNode;
}) {
  return (
    <Card data-testid="ops-tile">
      <CardContent className="flex h-full flex-col gap-3 p-5 pt-5 sm:p-5 sm:pt-5">
        <div className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <Icon className="size-4" aria-hidden="true" />
          <h2>{title}</h2>
        </div>
        <div className="flex-1">{children}</div>
        {href ? (
          <a href={href} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            {link}
          </a>
        ) : null}
      </CardContent>
    </Card>
  );
}

const Figure = ({ value, label, tone }: { value: number; label: string; tone?: 'bad' }) => (
  <div>
    <p
      className={
        tone === 'bad' && value > 0
          ? 'text-3xl font-bold tabular-nums text-destructive'
          : 'text-3xl font-bold tabular-nums'
      }
    >
      {count(value)}
    </p>
    <p className="text-xs text-muted-foreground">{label}</p>
  </div>
);

/** /ops (admins): what needs an operator's eye, each tile linking to its screen. */
export function OpsHomePage() {
  const summary = useQuery(opsSummaryQueryOptions());
  let body;
  if (summary.isPending)
    body = (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} className="h-40 rounded-xl" />
        ))}
      </div>
    );
  else if (summary.isError) body = <LoadError error={summary.error} who="administrators" what="the operator home" />;
  else {
    const s = summary.data;
    const audit = s.lastAudit;
    body = (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Tile title="Workflow runs" icon={Activity} href="/ops/workflows" link="Open the workflow console">
          <div className="flex gap-6">
            <Figure
              value={s.submissions.queued + s.submissions.running}
              label={`running or queued (${count(s.submissions.queued)} queued)`}
            />
            <Figure value={s.submissions.failed} label="failed" tone="bad" />
          </div>
        </Tile>
        <Tile title="Last ledger audit" icon={FileSearch} href="/ops/ledger" link="Open the ledger">
          {audit === null ? (
            <p className="text-sm text-muted-foreground">No audit has been run yet.</p>
          ) : audit.status === 'running' ? (
            <p className="text-sm">Running since {when(audit.requestedAt)}</p>
          ) : audit.status === 'failed' ? (
            <p className="text-sm text-destructive">Failed {when(audit.finishedAt)}</p>
          ) : (
            <div>
              <p className={audit.ok ? 'text-lg font-semibold text-success' : 'text-lg font-semibold text-destructive'}>
                {audit.ok ? 'All ledgers match' : `${count(audit.problems ?? 0)} problem(s)`}
              </p>
              <p className="text-xs text-muted-foreground">
                {count(audit.streams ?? 0)} ledgers, {when(audit.finishedAt)}, by{' '}
                {audit.requestedBy.email ?? audit.requestedBy.id}
              </p>
            </div>
          )}
        </Tile>
        <Tile title="Mail outbox" icon={Mail} href="/mailbox" link="Open the mailbox">
          <div className="flex gap-6">
            <Figure value={s.mail.queued + s.mail.retrying} label={`waiting (${count(s.mail.retrying)} retrying)`} />
            <Figure value={s.mail.failed} label="failed" tone="bad" />
          </div>
        </Tile>
        <Tile title="Accounts" icon={Users} href="/ops/users" link="Administer users">
          <div className="flex gap-6">
            <Figure value={s.users.total} label="users" />
            <Figure value={s.users.disabled} label="disabled" tone="bad" />
          </div>
        </Tile>
        <Tile title="System" icon={Gauge} href="/ops/system" link="Open the system page">
          <p className="text-sm text-muted-foreground">
            Pool, projection lag, queue, latency p95 and error rate, refreshed live.
          </p>
        </Tile>
        <Tile title="Investor data" icon={Database} href="/ops/forms" link="Open the form registry">
          <div className="flex flex-col gap-2">
            <div className="flex gap-6">
              <Figure value={s.data.realRecords} label="records from real sources" />
              <Figure
                value={s.data.formsStale}
                label={`forms not checked in ${s.data.formsStaleDays} days`}
                tone="bad"
              />
            </div>
            <p className="text-xs text-muted-foreground">
              {s.data.lastImportAt ? `Last import ${when(s.data.lastImportAt)}` : 'No real data imported yet'}
              {s.data.demo ? ' · demo data present' : ''}
              {s.data.formsRunning ? ' · discovery running' : ''}
            </p>
          </div>
        </Tile>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Operations"
        description="Workflow runs, ledger audits, outgoing mail, accounts and investor data at a glance."
      />
      {body}
    </div>
  );
}
