import { useQuery } from '@tanstack/react-query';
import { Link2, Search } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, CardContent, CardHeader, CardTitle, Input, LoadFailed, Select, Skeleton } from '../../ui';
import { pipelineQueryOptions } from '../pipeline';
import { LinkForm } from './LinkForm';
import { copyLink, LinkRow } from './LinkRow';
import { deckLinksQueryOptions, ORIGIN_LABEL, recipientLabel } from './queries';

/**
 * The Deck page's list of every link (applications, pipeline cards, updates, by hand), newest first,
 * with a filter by investor and where the link came from, and the Share form for anyone by e-mail.
 */
export function LinksCard() {
  const links = useQuery(deckLinksQueryOptions());
  const board = useQuery(pipelineQueryOptions());
  const names = new Map((board.data ?? []).map((c) => [`${c.investorKind}:${c.investorId}`, c.name]));
  const [sharing, setSharing] = useState(false);
  const [who, setWho] = useState('');
  const [origin, setOrigin] = useState('');
  const rows = (links.data ?? []).map((l) => ({ link: l, recipient: recipientLabel(l, names) }));
  const needle = who.trim().toLowerCase();
  const shown = rows.filter(
    (r) =>
      (!origin || r.link.origin === origin) &&
      (!needle || `${r.recipient} ${r.link.email ?? ''}`.toLowerCase().includes(needle)),
  );
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle>Links</CardTitle>
        {sharing ? null : (
          <Button size="sm" onClick={() => setSharing(true)}>
            <Link2 className="size-4" aria-hidden="true" /> Share deck
          </Button>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {sharing ? (
          <div className="rounded-md border border-border p-3" data-testid="share-form">
            <p className="mb-3 text-sm text-muted-foreground">
              A new tracked link to your current deck, for one person or for anyone you give it to.
            </p>
            <LinkForm
              onDone={(r) => {
                setSharing(false);
                if (r.url) void copyLink(r.url);
              }}
              onCancel={() => setSharing(false)}
            />
          </div>
        ) : null}
        {links.isPending ? (
          <Skeleton className="h-24" />
        ) : links.isError ? (
          <LoadFailed title="Could not load your links" error={links.error} onRetry={() => void links.refetch()} />
        ) : !rows.length ? (
          <p className="text-sm text-muted-foreground">
            No links yet. Share your deck with an investor's e-mail here, or from a card on your pipeline.
          </p>
        ) : (
          <>
            <div className="flex flex-col gap-2 sm:flex-row">
              <div className="relative flex-1">
                <Search
                  className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
                  aria-hidden="true"
                />
                <Input
                  aria-label="Filter by investor"
                  placeholder="Filter by investor or e-mail"
                  className="pl-8"
                  value={who}
                  onChange={(e) => setWho(e.target.value)}
                />
              </div>
              <Select
                aria-label="Where the link came from"
                className="sm:w-48"
                value={origin}
                onChange={(e) => setOrigin(e.target.value)}
                options={[
                  { value: '', label: 'Every source' },
                  ...Object.entries(ORIGIN_LABEL).map(([value, label]) => ({ value, label })),
                ]}
              />
            </div>
            {shown.length ? (
              <ul className="flex flex-col gap-2" data-testid="deck-links">
                {shown.map((r) => (
                  <LinkRow key={r.link.id} link={r.link} recipient={r.recipient} />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">No link matches this filter.</p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
