import type { InvestorKind } from '@fp/contracts';
import { useQuery } from '@tanstack/react-query';
import { BookOpen } from 'lucide-react';
import { deckLinksQueryOptions, readingByInvestor, readingLabel } from './queries';

/** The pipeline card's line: "Opened 2 times · 9 of 12 pages · 3 min · last Thursday" (nothing before a visit). */
export function DeckReadingLine({ investorKind, investorId }: { investorKind: InvestorKind; investorId: string }) {
  const { data } = useQuery({ ...deckLinksQueryOptions(), select: readingByInvestor });
  const reading = data?.get(`${investorKind}:${investorId}`);
  const label = reading ? readingLabel(reading, new Date()) : null;
  if (!label) return null;
  return (
    <span className="inline-flex items-start gap-1 text-xs text-muted-foreground" data-testid="deck-reading">
      <BookOpen className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>{label}</span>
    </span>
  );
}
