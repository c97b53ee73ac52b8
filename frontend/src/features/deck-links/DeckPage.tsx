import type { DeckAnalytics } from '@fp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Presentation } from 'lucide-react';
import { useState } from 'react';
import {
  Badge,
  buttonVariants,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  Label,
  LoadFailed,
  PageHeader,
  Select,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../ui';
import { formatDateTime } from '../../lib/format';
import { DeckNotices } from './DeckAlerts';
import { LinksCard } from './LinksCard';
import { PageChart } from './PageChart';
import { RoomsCard } from './RoomsCard';
import { deckAnalyticsQueryOptions, durationLabel, whenLabel } from './queries';

type Version = DeckAnalytics['versions'][number];

/** Every uploaded version with its own totals: a link serves the current deck, each visit counts for the version it read. */
function VersionTable({ versions, now }: { versions: Version[]; now: Date }) {
  return (
    <Table data-testid="deck-versions" containerClassName="border-0">
      <TableHeader>
        <TableRow>
          <TableHead>Version</TableHead>
          <TableHead className="hidden sm:table-cell">Uploaded</TableHead>
          <TableHead className="text-right">Visits</TableHead>
          <TableHead className="text-right">Readers</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Last read</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {versions.map((v) => (
          <TableRow key={v.deckId} data-testid="deck-version">
            <TableCell className="max-w-[12rem] truncate sm:max-w-none">
              {v.fileName} {v.current ? <Badge variant="secondary">Current</Badge> : null}
            </TableCell>
            <TableCell className="hidden sm:table-cell">{formatDateTime(v.uploadedAt)}</TableCell>
            <TableCell className="text-right tabular-nums">{v.visits}</TableCell>
            <TableCell className="text-right tabular-nums">{v.readers}</TableCell>
            <TableCell className="hidden text-right sm:table-cell">
              {v.lastVisitAt ? whenLabel(v.lastVisitAt, now) : '—'}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** /deck: how the founder's deck is read (any version they uploaded), page by page, and every link with its reading. */
export function DeckPage() {
  const [deckId, setDeckId] = useState<string | undefined>(undefined);
  const deck = useQuery({ ...deckAnalyticsQueryOptions(deckId), placeholderData: keepPreviousData });
  const now = new Date();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <PageHeader title="Deck" description="Who read your pitch deck, and how far they got." />
      <DeckNotices />
      {deck.isPending ? (
        <Skeleton className="h-64" />
      ) : deck.isError ? (
        <LoadFailed
          title="Could not load how your deck is read"
          error={deck.error}
          onRetry={() => void deck.refetch()}
        />
      ) : !deck.data.deck ? (
        <EmptyState
          icon={<Presentation />}
          title="No deck uploaded yet"
          description="Upload your pitch deck as a PDF in Settings, then share it here or from a pipeline card."
          action={
            <Link to="/settings" className={buttonVariants({ size: 'sm' })}>
              Go to Settings
            </Link>
          }
        />
      ) : (
        <>
          <div className="grid grid-cols-3 gap-2 sm:gap-4">
            {[
              ['Visits', deck.data.visits],
              ['Readers', deck.data.readers],
              ['Readers this week', deck.data.readersThisWeek],
            ].map(([label, value]) => (
              <Card key={label} className="p-3 sm:p-4">
                <p className="text-xs text-muted-foreground sm:text-sm">{label}</p>
                <p className="text-2xl font-semibold tabular-nums">{value}</p>
              </Card>
            ))}
          </div>
          <Card>
            <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <CardTitle>Page by page: {deck.data.deck.fileName}</CardTitle>
              {deck.data.versions.length > 1 ? (
                <div className="flex items-center gap-2">
                  <Label htmlFor="deck-version" className="shrink-0 text-sm">
                    Version
                  </Label>
                  <Select
                    id="deck-version"
                    className="min-w-0 sm:w-64"
                    value={deck.data.deck.id}
                    onChange={(e) => setDeckId(e.target.value)}
                    options={deck.data.versions.map((v) => ({
                      value: v.deckId,
                      label: `${v.fileName}${v.current ? ' (current)' : ''} · ${formatDateTime(v.uploadedAt)}`,
                    }))}
                  />
                </div>
              ) : null}
            </CardHeader>
            <CardContent>
              {deck.data.pages.length ? (
                <PageChart pages={deck.data.pages} />
              ) : (
                <p className="text-sm text-muted-foreground">No one has read this version of your deck yet.</p>
              )}
            </CardContent>
          </Card>
          {deck.data.versions.length > 1 ? (
            <Card>
              <CardHeader>
                <CardTitle>Versions</CardTitle>
              </CardHeader>
              <CardContent>
                <VersionTable versions={deck.data.versions} now={now} />
              </CardContent>
            </Card>
          ) : null}
        </>
      )}
      <LinksCard />
      <RoomsCard />
    </div>
  );
}
