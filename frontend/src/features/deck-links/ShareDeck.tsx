import type { InvestorKind } from '@fp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { Button, Skeleton } from '../../ui';
import { LinkForm } from './LinkForm';
import { copyLink, LinkRow } from './LinkRow';
import { deckLinksQueryOptions, readingByInvestor, readingLabel, recipientLabel } from './queries';

/**
 * Share the founder's deck with one investor (pipeline card dialog): the investor's links with their
 * reading page by page, and a new link with its settings (e-mail required and no download by default).
 */
export function ShareDeck({
  investorId,
  investorKind,
  name,
}: {
  investorId: string;
  investorKind: InvestorKind;
  name: string;
}) {
  const links = useQuery(deckLinksQueryOptions());
  const mine = (links.data ?? []).filter((l) => l.investorId === investorId && l.investorKind === investorKind);
  const [open, setOpen] = useState(false);
  const total = readingByInvestor(mine).get(`${investorKind}:${investorId}`);
  const names = new Map([[`${investorKind}:${investorId}`, name]]);
  return (
    <section
      aria-labelledby="share-deck"
      className="mt-6 flex flex-col gap-3 border-t border-border pt-4"
      data-testid="share-deck"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id="share-deck" className="text-sm font-semibold">
          Deck
        </h3>
        <Link to="/deck" className="text-xs text-primary underline-offset-4 hover:underline">
          All links
        </Link>
      </div>
      {total ? (
        <p className="text-sm">{readingLabel(total, new Date()) ?? `${name} has not opened your deck yet.`}</p>
      ) : null}
      {links.isPending ? (
        <Skeleton className="h-16" />
      ) : (
        <ul className="flex flex-col gap-2">
          {mine.map((l) => (
            <LinkRow key={l.id} link={l} recipient={recipientLabel(l, names)} />
          ))}
        </ul>
      )}
      {open ? (
        <div className="rounded-md border border-border p-3">
          <LinkForm
            investor={{ investorId, investorKind }}
            onDone={(r) => {
              setOpen(false);
              if (r.url) void copyLink(r.url);
            }}
            onCancel={() => setOpen(false)}
          />
        </div>
      ) : (
        <Button variant="outline" size="sm" className="self-start" onClick={() => setOpen(true)}>
          <Link2 className="size-4" aria-hidden="true" />
          {mine.length ? 'New link' : 'Share deck'}
        </Button>
      )}
    </section>
  );
}
