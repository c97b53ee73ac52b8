import type { DeckDevice, DeckLinkSummary, DeckPageFigure, DeckVisitFigures } from '@fp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BadgeCheck, Download, Monitor, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { Badge, Button, Field, Input, LoadFailed, MiniChart, Select, Skeleton } from '../../ui';
import { formatDateTime } from '../../lib/format';
import { deckAnalyticsQueryOptions, durationLabel, linkAnalyticsQueryOptions, visitsCsv } from './queries';

const DEVICE: Record<DeckDevice, { label: string; icon: typeof Smartphone }> = {
  phone: { label: 'Phone', icon: Smartphone },
  tablet: { label: 'Tablet', icon: Tablet },
  desktop: { label: 'Desktop', icon: Monitor },
};

/** Seconds on each page of one visit, a bar per page (the figures in text beside each bar). */
function VisitPages({ visit }: { visit: DeckVisitFigures }) {
  const count = Math.max(visit.pageCount ?? 0, ...visit.pages.map((p) => p.page));
  const byPage = new Map(visit.pages.map((p) => [p.page, p.seconds]));
  const max = Math.max(1, ...visit.pages.map((p) => p.seconds));
  return (
    <ol className="flex flex-col gap-1" data-testid="visit-pages">
      {Array.from({ length: count }, (_, i) => {
        const s = byPage.get(i + 1) ?? 0;
        return (
          <li key={i} className="flex items-center gap-2 text-xs" data-testid="visit-page">
            <span className="w-12 shrink-0 text-muted-foreground tabular-nums">Page {i + 1}</span>
            <span className="h-2.5 flex-1 rounded-sm bg-muted">
              <span
                className="block h-full rounded-sm bg-primary"
                style={{ width: `${s ? Math.max(2, (s / max) * 100) : 0}%` }}
                aria-hidden="true"
              />
            </span>
            <span className="w-12 shrink-0 text-right tabular-nums" data-testid="visit-page-seconds">
              {durationLabel(s)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function pagePoints(pages: DeckPageFigure[]) {
  return pages.map((p) => ({ label: `Page ${p.page}`, value: p.avgSeconds }));
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * One link's reading: each visit (when, the e-mail given, device, pages reached, completion,
 * download) with its seconds per page, and this reader's page chart beside all readers' for the same
 * deck version. Dates filter the visits; CSV exports them.
 */
export function InvestorReading({ link, recipient }: { link: DeckLinkSummary; recipient: string }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [deckId, setDeckId] = useState<string | undefined>(undefined);
  const q = { ...(from ? { from } : {}), ...(to ? { to } : {}), ...(deckId ? { deckId } : {}) };
  const an = useQuery({ ...linkAnalyticsQueryOptions(link.id, q), placeholderData: keepPreviousData });
  const version = an.data?.deckId ?? undefined;
  const all = useQuery({ ...deckAnalyticsQueryOptions(version), enabled: !!version });
  if (an.isPending) return <Skeleton className="h-40" />;
  if (an.isError)
    return <LoadFailed title="Could not load this reading" error={an.error} onRetry={() => void an.refetch()} />;
  const data = an.data;
  const names = new Map(data.versions.map((v) => [v.deckId, v.fileName ?? 'an earlier version']));
  const visits = data.visits.filter((v) => !data.deckId || v.deckId === data.deckId);
  const others = data.visits.length - visits.length;
  return (
    <div className="flex flex-col gap-4" data-testid="investor-reading">
      <div className="flex flex-wrap items-end gap-3">
        <Field label="From" className="w-32">
          {(p) => (
            <Input {...p} type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
          )}
        </Field>
        <Field label="To" className="w-32">
          {(p) => (
            <Input {...p} type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
          )}
        </Field>
        {data.versions.length > 1 ? (
          <Field label="Deck version" className="min-w-0 sm:w-56">
            {(p) => (
              <Select
                {...p}
                value={data.deckId ?? ''}
                onChange={(e) => setDeckId(e.target.value)}
                options={data.versions.map((v) => ({
                  value: v.deckId,
                  label: `${v.fileName ?? 'Earlier version'} (${v.visits} ${v.visits === 1 ? 'visit' : 'visits'})`,
                }))}
              />
            )}
          </Field>
        ) : null}
        <Button
          variant="outline"
          size="sm"
          disabled={!data.visits.length}
          onClick={() =>
            download(
              `deck-visits-${recipient.replace(/[^\w.@-]+/g, '-')}.csv`,
              visitsCsv(recipient, data.visits, names),
            )
          }
        >
          <Download className="size-4" aria-hidden="true" /> Export CSV
        </Button>
      </div>
      {!data.visits.length ? (
        <p className="text-sm text-muted-foreground">
          {from || to ? 'No visits in these dates.' : `${recipient} has not opened this link yet.`}
        </p>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <figure className="flex flex-col gap-1" data-testid="reader-chart">
              <figcaption className="text-sm font-medium">{recipient}: average seconds per page</figcaption>
              <MiniChart
                type="bar"
                data={pagePoints(data.pages)}
                label={`${recipient}: seconds per page`}
                height={96}
              />
            </figure>
            <figure className="flex flex-col gap-1" data-testid="all-readers-chart">
              <figcaption className="text-sm font-medium">All readers: average seconds per page</figcaption>
              {all.data ? (
                <MiniChart
                  type="bar"
                  data={pagePoints(all.data.pages)}
                  label="All readers: seconds per page"
                  height={96}
                  colorClassName="text-chart-2"
                />
              ) : (
                <Skeleton className="h-24" />
              )}
            </figure>
          </div>
          {others ? (
            <p className="text-xs text-muted-foreground">
              {others} {others === 1 ? 'visit' : 'visits'} of another deck version: pick it above to see its pages.
            </p>
          ) : null}
          <ul className="flex flex-col gap-3" data-testid="visits">
            {visits.map((v) => {
              const device = v.device ? DEVICE[v.device] : null;
              return (
                <li
                  key={v.visitId}
                  className="flex flex-col gap-2 rounded-md border border-border p-3"
                  data-testid="visit"
                >
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                    <span className="font-medium">{formatDateTime(v.at)}</span>
                    <span className="text-muted-foreground">{v.email ?? 'No e-mail given'}</span>
                    {v.verified ? (
                      <Badge variant="success" data-testid="visit-verified">
                        <BadgeCheck className="size-3.5" aria-hidden="true" /> Verified
                      </Badge>
                    ) : null}
                    {device ? (
                      <span className="inline-flex items-center gap-1 text-muted-foreground" data-testid="visit-device">
                        <device.icon className="size-3.5" aria-hidden="true" />
                        {device.label}
                      </span>
                    ) : null}
                    {v.downloaded ? <Badge variant="secondary">Downloaded</Badge> : null}
                  </div>
                  <p className="text-xs text-muted-foreground" data-testid="visit-summary">
                    {v.pageCount ? `Reached page ${v.reach} of ${v.pageCount}` : `Reached page ${v.reach}`}
                    {v.completion !== null ? ` · ${v.completion}% complete` : ''} · {durationLabel(v.totalSeconds)}
                  </p>
                  <VisitPages visit={v} />
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
