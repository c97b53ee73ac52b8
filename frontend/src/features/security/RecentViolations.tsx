import type { RecentViolation } from '@fp/contracts';
import { Activity, ShieldCheck } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/Table';
import { localTime } from './format';
import { TypeBadge } from './violation-types';

/** 'Recent Violations (Last 24 Hours)': a table on wide screens, cards on small ones. */
export function RecentViolations({ violations }: { violations: RecentViolation[] }) {
  return (
    <Card data-testid="recent-violations">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Activity className="size-4 text-primary" aria-hidden="true" />
          Recent Violations (Last 24 Hours)
        </CardTitle>
        {violations.length ? (
          <CardDescription>{`${violations.length} violation${violations.length === 1 ? '' : 's'}, newest first.`}</CardDescription>
        ) : null}
      </CardHeader>
      <CardContent>
        {!violations.length ? (
          <p className="flex items-center justify-center gap-2 rounded-lg bg-muted/50 px-4 py-8 text-sm text-muted-foreground">
            <ShieldCheck className="size-4 text-success" aria-hidden="true" />
            No recent violations detected
          </p>
        ) : (
          <>
            <div className="hidden md:block">
              <Table containerClassName="max-h-[32rem] overflow-y-auto">
                <TableHeader className="sticky top-0 z-10 bg-card">
                  <TableRow className="hover:bg-transparent">
                    <TableHead>Type</TableHead>
                    <TableHead>IP Address</TableHead>
                    <TableHead>Endpoint</TableHead>
                    <TableHead>Time</TableHead>
                    <TableHead>User Agent</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {violations.map((v, i) => (
                    <TableRow key={`${v.timestamp}-${i}`} data-testid="violation-row">
                      <TableCell>
                        <TypeBadge type={v.type} />
                      </TableCell>
                      <TableCell className="font-mono text-xs whitespace-nowrap">{v.ip}</TableCell>
                      <TableCell className="max-w-56 truncate font-mono text-xs" title={v.endpoint}>
                        {v.endpoint}
                      </TableCell>
                      <TableCell className="text-xs whitespace-nowrap text-muted-foreground">
                        {localTime(v.timestamp)}
                      </TableCell>
                      <TableCell className="max-w-72 truncate text-xs text-muted-foreground" title={v.userAgent ?? ''}>
                        {v.userAgent || 'Unknown'}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <ul className="flex max-h-[32rem] flex-col gap-2 overflow-y-auto md:hidden">
              {violations.map((v, i) => (
                <li key={`${v.timestamp}-${i}`} className="flex flex-col gap-1.5 rounded-lg border border-border p-3">
                  <div className="flex items-center justify-between gap-2">
                    <TypeBadge type={v.type} />
                    <span className="text-xs text-muted-foreground">{localTime(v.timestamp)}</span>
                  </div>
                  <p className="font-mono text-xs break-all">
                    <span className="font-semibold">{v.ip}</span> <span className="text-muted-foreground">→</span>{' '}
                    {v.endpoint}
                  </p>
                  <p className="truncate text-xs text-muted-foreground" title={v.userAgent ?? ''}>
                    {v.userAgent || 'Unknown'}
                  </p>
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
