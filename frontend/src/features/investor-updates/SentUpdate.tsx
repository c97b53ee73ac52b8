import { metricSourceLabel, type InvestorUpdateDetail } from '@fp/contracts';
import {
  Badge,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  PageHeader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../ui';
import { whenLabel } from '../deck-links';
import { formatDateTime } from '../../lib/format';

/** A sent update: its delivery to each recipient, who opened the deck, and what was sent. */
export function SentUpdate({ update }: { update: InvestorUpdateDetail }) {
  const now = new Date();
  const delivered = update.deliveries.filter((d) => d.status === 'sent').length;
  const opened = update.deliveries.filter((d) => d.deckVisits > 0).length;
  const STATUS: Record<string, { label: string; variant: 'success' | 'secondary' | 'warning' | 'destructive' }> = {
    sent: { label: 'Delivered', variant: 'success' },
    queued: { label: 'Sending', variant: 'secondary' },
    retrying: { label: 'Retrying', variant: 'warning' },
    failed: { label: 'Failed', variant: 'destructive' },
    unknown: { label: 'Not queued', variant: 'secondary' },
  };
  return (
    <>
      <PageHeader
        title={update.content.subject}
        description={update.sentAt ? `Sent ${formatDateTime(update.sentAt)}` : undefined}
        actions={<Badge variant="success">Sent</Badge>}
        className="mb-0"
      />
      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        {[
          ['Recipients', update.deliveries.length],
          ['Delivered', delivered],
          ['Opened deck', opened],
        ].map(([label, value]) => (
          <Card key={label} className="p-3 sm:p-4">
            <p className="text-xs text-muted-foreground sm:text-sm">{label}</p>
            <p className="text-2xl font-semibold tabular-nums">{value}</p>
          </Card>
        ))}
      </div>
      <Card className="overflow-hidden p-0">
        <Table containerClassName="border-0" data-testid="update-recipients">
          <TableHeader>
            <TableRow>
              <TableHead>Recipient</TableHead>
              <TableHead>Delivery</TableHead>
              <TableHead>Deck</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {update.deliveries.map((d) => (
              <TableRow key={d.email} data-testid="recipient-row">
                <TableCell className="max-w-[9rem] sm:max-w-none">
                  <span className="block truncate font-medium">{d.name ?? d.email}</span>
                  {d.name ? <span className="block truncate text-xs text-muted-foreground">{d.email}</span> : null}
                </TableCell>
                <TableCell>
                  <Badge variant={STATUS[d.status]!.variant}>{STATUS[d.status]!.label}</Badge>
                </TableCell>
                <TableCell className="text-sm">
                  {d.deckLinkOff ? (
                    <span className="text-muted-foreground">Sent without a deck link (link off)</span>
                  ) : !d.deckLinkId ? (
                    <span className="text-muted-foreground">No deck link</span>
                  ) : d.deckVisits ? (
                    `Opened ${d.deckVisits === 1 ? 'once' : `${d.deckVisits} times`}${d.lastDeckVisitAt ? ` · ${whenLabel(d.lastDeckVisitAt, now)}` : ''}`
                  ) : (
                    <span className="text-muted-foreground">Not opened</span>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
      {update.skipped.length ? (
        <p className="text-sm text-muted-foreground">
          Not sent (unsubscribed from your updates): {update.skipped.map((s) => s.name ?? s.email).join(', ')}.
        </p>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>What was sent</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-sm">
          {(['highlights', 'asks', 'lowlights'] as const)
            .filter((k) => update.content[k].trim())
            .map((k) => (
              <div key={k}>
                <h2 className="font-medium capitalize">{k}</h2>
                <p className="whitespace-pre-line text-muted-foreground">{update.content[k]}</p>
              </div>
            ))}
          {update.content.metrics.some((m) => m.value.trim()) ? (
            <div>
              <h2 className="font-medium">Metrics</h2>
              <ul className="text-muted-foreground">
                {update.content.metrics
                  .filter((m) => m.value.trim())
                  .map((m, i) => (
                    <li key={i}>
                      {m.label}: {m.value} <span className="text-xs">({metricSourceLabel(m.source)})</span>
                    </li>
                  ))}
              </ul>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </>
  );
}
