import { VIOLATION_TYPES } from '@fp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Ban, BarChart3, Lock, RefreshCw, ShieldAlert, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { isForbidden } from '../../lib/api';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { PageHeader } from '../../ui/PageHeader';
import { Skeleton } from '../../ui/Skeleton';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { BlockedIpsCard } from './BlockedIpsCard';
import { DebugCard } from './DebugCard';
import { codeLabel } from './format';
import { IpManagementCard } from './IpManagementCard';
import {
  blockedIpsQueryOptions,
  securityStatusQueryOptions,
  useUnblockIp,
  violationsPerHourQueryOptions,
} from './queries';
import { RecentViolations } from './RecentViolations';
import { lookOf } from './violation-types';
import { ViolationsChart } from './ViolationsChart';

function Tile({
  icon,
  title,
  value,
  detail,
  tone,
  testId,
}: {
  icon: ReactNode;
  title: string;
  value: ReactNode;
  detail: string;
  tone: string;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <span className={cn('flex size-8 items-center justify-center rounded-lg [&_svg]:size-4', tone)}>{icon}</span>
      </CardHeader>
      <CardContent className="flex flex-col gap-1">
        <div className="text-3xl font-bold tracking-tight tabular-nums" data-testid={`${testId}-value`}>
          {value}
        </div>
        <p className="text-xs text-muted-foreground">{detail}</p>
      </CardContent>
    </Card>
  );
}

/** Known types first in a fixed order (so tiles do not move between refreshes), then any others. */
function orderedTypes(byType: Record<string, number>): string[] {
  return [
    ...VIOLATION_TYPES,
    ...Object.keys(byType)
      .filter((t) => !(VIOLATION_TYPES as readonly string[]).includes(t))
      .sort(),
  ];
}

function ViolationsByType({ byType }: { byType: Record<string, number> }) {
  return (
    <Card data-testid="violations-by-type">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldAlert className="size-4 text-primary" aria-hidden="true" />
          Violations by Type
        </CardTitle>
        <CardDescription>All recorded violations, by what tripped.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {orderedTypes(byType).map((type) => {
            const look = lookOf(type);
            const Icon = look.icon;
            const count = byType[type] ?? 0;
            return (
              <li
                key={type}
                data-testid={`type-${type}`}
                className={cn(
                  'flex items-center gap-3 rounded-lg border border-border p-3',
                  count === 0 && 'bg-muted/40',
                )}
              >
                <span
                  className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', look.tint, look.text)}
                >
                  <Icon className="size-4" aria-hidden="true" />
                </span>
                <div className="flex min-w-0 flex-col">
                  <span className="truncate text-sm font-medium">{codeLabel(type)}</span>
                  <span className="truncate text-xs text-muted-foreground" title={look.description}>
                    {look.description}
                  </span>
                </div>
                <span
                  className={cn(
                    'ml-auto text-xl font-bold tabular-nums',
                    count > 0 ? look.text : 'text-muted-foreground',
                  )}
                  data-testid={`type-${type}-count`}
                >
                  {count.toLocaleString()}
                </span>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The protection status as the server is configured, never a constant (docs/security.md). */
const PROTECTION = {
  blocking: {
    label: 'Blocking',
    tone: 'bg-success/15 text-success',
    text: 'text-success',
    detail: 'Rate limits on; automated clients and repeat offenders are refused',
  },
  log_only: {
    label: 'Log only',
    tone: 'bg-warning/15 text-warning',
    text: 'text-warning',
    detail: 'Rate limits on; other detections are recorded, not refused',
  },
  off: {
    label: 'Off',
    tone: 'bg-destructive/15 text-destructive',
    text: 'text-destructive',
    detail: 'Only rate limits apply; detections are neither recorded nor refused',
  },
} as const;

function NotAllowed({ message }: { message: string }) {
  return (
    <Card data-testid="security-forbidden" className="border-destructive/40">
      <CardContent className="flex flex-col items-center gap-3 px-6 py-12 text-center sm:px-6 sm:py-12">
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/15 text-destructive">
          <Lock className="size-6" aria-hidden="true" />
        </span>
        <h2 className="text-lg font-semibold">You are not allowed to view the security dashboard</h2>
        <p className="max-w-md text-sm text-muted-foreground">
          Only administrators can see abuse violations and manage blocked IP addresses. Ask an administrator if you need
          access.
        </p>
        <p className="text-xs text-muted-foreground">Server response: {message}</p>
      </CardContent>
    </Card>
  );
}

/** /security-dashboard (spec §2). The server decides who may see it (admins); refreshes every 30 s. */
export function SecurityDashboardPage() {
  const status = useQuery(securityStatusQueryOptions());
  const allowed = status.isSuccess;
  const blocked = useQuery(blockedIpsQueryOptions(allowed));
  const perHour = useQuery(violationsPerHourQueryOptions(24, allowed));
  const unblock = useUnblockIp({
    onUnblocked: (ip) =>
      toast({ title: 'IP Unblocked', description: `${ip} can reach the app again.`, variant: 'success' }),
  });
  const pendingIp = unblock.isPending ? (unblock.variables ?? null) : null;
  const unblockIp = (ip: string) => unblock.mutateAsync(ip);

  const refresh = () =>
    void Promise.all([status.refetch(), allowed && blocked.refetch(), allowed && perHour.refetch()]);
  const updated = status.dataUpdatedAt ? new Date(status.dataUpdatedAt).toLocaleTimeString() : null;

  let body: ReactNode;
  if (status.isPending) {
    body = (
      <div
        className="flex items-center justify-center gap-3 rounded-xl border border-border py-16 text-sm text-muted-foreground"
        role="status"
      >
        <Spinner size="sm" label="" />
        Loading security dashboard...
      </div>
    );
  } else if (status.isError && isForbidden(status.error)) {
    body = <NotAllowed message={status.error.message} />;
  } else if (status.isError) {
    body = (
      <div
        role="alert"
        className="rounded-xl border border-destructive/40 bg-destructive/10 px-4 py-6 text-sm text-destructive"
        data-testid="security-error"
      >
        Error loading security data: {status.error.message}
      </div>
    );
  } else {
    const s = status.data;
    body = (
      <>
        <div className="grid gap-4 sm:grid-cols-3">
          <Tile
            testId="tile-total"
            icon={<ShieldAlert />}
            tone="bg-primary/10 text-primary"
            title="Total Violations"
            value={s.totalViolations.toLocaleString()}
            detail={`${s.recentViolations.length.toLocaleString()} in the last 24 hours`}
          />
          <Tile
            testId="tile-blocked"
            icon={<Ban />}
            tone="bg-destructive/15 text-destructive"
            title="Blocked IPs"
            value={s.blockedIps.toLocaleString()}
            detail="Refused on every route"
          />
          <Tile
            testId="tile-protection"
            icon={<ShieldCheck />}
            tone={PROTECTION[s.protection.mode].tone}
            title="Protection Status"
            value={<span className={PROTECTION[s.protection.mode].text}>{PROTECTION[s.protection.mode].label}</span>}
            detail={PROTECTION[s.protection.mode].detail}
          />
        </div>

        <ViolationsByType byType={s.violationsByType} />

        <div className="grid gap-4 lg:grid-cols-3">
          <Card className="lg:col-span-2">
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <BarChart3 className="size-4 text-primary" aria-hidden="true" />
                Violations per Hour
              </CardTitle>
              <CardDescription>Last 24 hours, by type.</CardDescription>
            </CardHeader>
            <CardContent>
              {perHour.data ? <ViolationsChart hours={perHour.data} /> : <Skeleton className="h-[172px] w-full" />}
            </CardContent>
          </Card>
          <IpManagementCard onUnblock={unblockIp} />
        </div>

        <BlockedIpsCard
          blocked={blocked.data}
          loading={blocked.isPending}
          pendingIp={pendingIp}
          onUnblock={(ip) => void unblockIp(ip).catch(() => undefined)}
        />

        <RecentViolations violations={s.recentViolations} />
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader
        title="Security Dashboard"
        description="Abuse violations and blocked IP addresses."
        className="mb-0"
        actions={
          allowed ? (
            <>
              {updated ? <span className="text-xs text-muted-foreground">Updated {updated}</span> : null}
              <Button variant="outline" size="sm" onClick={refresh} disabled={status.isFetching}>
                <RefreshCw className={cn('size-3.5', status.isFetching && 'animate-spin')} aria-hidden="true" />
                Refresh
              </Button>
            </>
          ) : null
        }
      />
      {/* Operators only: shown once the server answered the admin-only status (a founder gets 403 and never sees it). */}
      {allowed ? <DebugCard /> : null}
      {body}
    </div>
  );
}
