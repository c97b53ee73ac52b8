import type { DeckRoomSummary } from '@fp/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Badge,
  LoadFailed,
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
import { PageChart } from './PageChart';
import { durationLabel } from './queries';
import { roomAnalyticsQueryOptions } from './room-queries';

/** A room's NDA acceptances (who, when, the text they accepted) and its reading per document and page. */
export function RoomFigures({ room }: { room: DeckRoomSummary }) {
  const q = useQuery(roomAnalyticsQueryOptions(room.id));
  const [chosen, setChosen] = useState<string | null>(null);
  if (q.isPending) return <Skeleton className="h-24" />;
  if (q.isError)
    return <LoadFailed title="Could not load this room's figures" error={q.error} onRetry={() => void q.refetch()} />;
  const { documents, visits, acceptances } = q.data;
  const doc = documents.find((d) => d.documentId === chosen) ?? documents.find((d) => d.visits) ?? documents[0];
  const names = new Map(documents.map((d) => [d.documentId, d.fileName]));
  return (
    <div className="flex flex-col gap-4">
      {room.ndaText || acceptances.length ? (
        <section aria-label="NDA acceptances" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">NDA accepted by</h3>
          {acceptances.length ? (
            <ul className="flex flex-col gap-1" data-testid="room-acceptances">
              {acceptances.map((a) => (
                <li
                  key={a.entryId}
                  className="rounded-md bg-muted/40 px-2 py-1.5 text-sm"
                  data-testid="room-acceptance"
                >
                  <span className="font-medium">{a.name}</span>
                  {a.email ? <span className="text-muted-foreground"> · {a.email}</span> : null}
                  <span className="text-muted-foreground"> · {formatDateTime(a.at)}</span>
                  <details className="mt-1">
                    <summary className="cursor-pointer text-xs text-primary">The text they accepted</summary>
                    <p className="mt-1 text-xs whitespace-pre-wrap text-muted-foreground">{a.ndaText}</p>
                  </details>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No one has accepted the NDA yet.</p>
          )}
        </section>
      ) : null}

      <section aria-label="Reading per document" className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">Reading per document</h3>
        {documents.length ? (
          <Table data-testid="room-document-figures" containerClassName="border-0">
            <TableHeader>
              <TableRow>
                <TableHead>Document</TableHead>
                <TableHead className="text-right">Visits</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Readers</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Pages</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {documents.map((d) => (
                <TableRow key={d.documentId} data-testid="room-document-row">
                  <TableCell className="max-w-[11rem] truncate sm:max-w-none">
                    {d.fileName} {d.current ? null : <Badge variant="outline">Removed</Badge>}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{d.visits}</TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">{d.readers}</TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">{d.pageCount ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <p className="text-sm text-muted-foreground">Add documents to see how they are read.</p>
        )}
        {doc ? (
          <div className="flex flex-col gap-2">
            {documents.length > 1 ? (
              <Select
                aria-label="Document for the page chart"
                className="sm:w-72"
                value={doc.documentId}
                onChange={(e) => setChosen(e.target.value)}
                options={documents.map((d) => ({ value: d.documentId, label: d.fileName }))}
              />
            ) : null}
            {doc.pages.length ? (
              <PageChart pages={doc.pages} />
            ) : (
              <p className="text-sm text-muted-foreground">No one has read {doc.fileName} yet.</p>
            )}
          </div>
        ) : null}
      </section>

      {visits.length ? (
        <section aria-label="Visits" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">Visits</h3>
          <ul className="flex flex-col gap-1" data-testid="room-visits">
            {visits.slice(0, 50).map((v) => (
              <li key={v.visitId} className="rounded-md bg-muted/40 px-2 py-1.5 text-sm" data-testid="room-visit">
                <span className="font-medium">{v.email ?? 'Someone with the link'}</span>
                {v.verified ? (
                  <Badge variant="secondary" className="ml-1">
                    Verified
                  </Badge>
                ) : null}
                <span className="text-muted-foreground">
                  {' '}
                  read {names.get(v.documentId) ?? 'a removed document'} · {formatDateTime(v.at)} ·{' '}
                  {v.pageCount ? `${v.reach} of ${v.pageCount} pages` : `${v.reach} pages`} ·{' '}
                  {durationLabel(v.totalSeconds)}
                  {v.device ? ` · ${v.device}` : ''}
                  {v.downloaded ? ' · downloaded' : ''}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
