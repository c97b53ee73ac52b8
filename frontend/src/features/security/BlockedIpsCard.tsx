import type { BlockedIp } from '@fp/contracts';
import { Ban, Clock, ShieldCheck } from 'lucide-react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { Skeleton } from '../../ui/Skeleton';
import { localTime, untilText } from './format';
import { TypeBadge } from './violation-types';

export interface BlockedIpsCardProps {
  blocked: BlockedIp[] | undefined;
  loading: boolean;
  /** The address being unblocked right now, if any. */
  pendingIp: string | null;
  onUnblock: (ip: string) => void;
}

/** The violations that led to an automatic block, so an operator can judge it before lifting it. */
function Evidence({ block }: { block: BlockedIp }) {
  if (!block.evidence.length) return null;
  return (
    <details className="group mt-1 rounded-md border border-border bg-muted/30 text-xs" data-testid="block-evidence">
      <summary className="cursor-pointer px-3 py-2 font-medium text-foreground select-none">
        Evidence: {block.evidence.length} {block.evidence.length === 1 ? 'violation' : 'violations'}
      </summary>
      <ol className="flex flex-col divide-y divide-border border-t border-border">
        {block.evidence.map((e, i) => (
          <li key={i} className="flex flex-col gap-1 px-3 py-2">
            <div className="flex flex-wrap items-center gap-2">
              <TypeBadge type={e.violationType} />
              <span className="font-mono break-all">
                {e.method} {e.endpoint}
              </span>
              <span className="text-muted-foreground">{localTime(e.occurredAt)}</span>
            </div>
            <span className="font-mono break-all text-muted-foreground">{e.userAgent ?? 'No user agent'}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}

/** Currently blocked addresses with reason, evidence and expiry, each with its own Unblock button. */
export function BlockedIpsCard({ blocked, loading, pendingIp, onUnblock }: BlockedIpsCardProps) {
  return (
    <Card data-testid="blocked-ips">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Ban className="size-4 text-destructive" aria-hidden="true" />
          Blocked IP Addresses
        </CardTitle>
        <CardDescription>Addresses refused on every route until they expire or are unblocked.</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="flex flex-col gap-2">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : !blocked?.length ? (
          <p className="flex items-center gap-2 rounded-lg bg-muted/50 px-4 py-6 text-sm text-muted-foreground">
            <ShieldCheck className="size-4 text-success" aria-hidden="true" />
            No IP addresses are blocked.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
            {blocked.map((b) => (
              <li
                key={b.ip}
                data-testid="blocked-ip"
                data-ip={b.ip}
                className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4"
              >
                <div className="flex min-w-0 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-mono text-sm font-semibold break-all">{b.ip}</span>
                    <Badge variant={b.automatic ? 'warning' : 'secondary'}>
                      {b.automatic ? 'Automatic' : `By ${b.blockedBy.replace(/^operator:/, '')}`}
                    </Badge>
                  </div>
                  <p className="text-sm text-muted-foreground">{b.reason}</p>
                  <Evidence block={b} />
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
                    <span>Blocked {localTime(b.blockedAt)}</span>
                    <span className="inline-flex items-center gap-1">
                      <Clock className="size-3" aria-hidden="true" />
                      {b.expiresAt
                        ? `Expires ${localTime(b.expiresAt)} (${untilText(b.expiresAt)})`
                        : 'Until unblocked'}
                    </span>
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  className="self-start"
                  loading={pendingIp === b.ip}
                  onClick={() => onUnblock(b.ip)}
                  aria-label={`Unblock ${b.ip}`}
                >
                  Unblock
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
