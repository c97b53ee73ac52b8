import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Badge } from '../../ui';
import { deckAnalyticsQueryOptions, deckNotificationsQueryOptions } from './queries';

/** The dashboard's line: "N investors read your deck this week". */
export function DeckReadersLine() {
  const deck = useQuery(deckAnalyticsQueryOptions());
  const notices = useQuery(deckNotificationsQueryOptions());
  if (!deck.data) return null;
  const n = deck.data.readersThisWeek;
  const fresh = notices.data?.unseen ?? 0;
  // The notices are first opens, or every visit when the founder asked for every one (or the digest).
  const what = notices.data?.settings.mode === 'first_visit' ? 'first open' : 'visit';
  return (
    <p className="text-sm" data-testid="deck-readers-line">
      <Link to="/deck" className="text-primary underline-offset-4 hover:underline">
        {n === 1 ? '1 investor read your deck this week' : `${n} investors read your deck this week`}
      </Link>
      {fresh ? <Badge className="ml-2">{fresh === 1 ? `1 new ${what}` : `${fresh} new ${what}s`}</Badge> : null}
    </p>
  );
}
