import { useQuery } from '@tanstack/react-query';
import { Bookmark } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '../../ui';
import { matchLabel, savedSearchesQueryOptions } from './queries';
import { useOpenSavedSearch } from './useOpenSavedSearch';

/** Dashboard: the founder's saved searches, those with new matches first. */
export function SavedSearchesCard() {
  const list = useQuery(savedSearchesQueryOptions());
  const open = useOpenSavedSearch({ announce: false });
  const searches = [...(list.data ?? [])].sort((a, b) => b.newMatches - a.newMatches || a.name.localeCompare(b.name));
  const fresh = searches.reduce((n, s) => n + s.newMatches, 0);
  return (
    <Card data-testid="saved-searches-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Bookmark className="size-4 text-primary" aria-hidden="true" />
          Saved Searches
        </CardTitle>
        <CardDescription>
          {fresh > 0
            ? `${fresh.toLocaleString('en-US')} new ${fresh === 1 ? 'match' : 'matches'} since you last looked`
            : 'Investors that newly match your saved searches show here.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : list.isError ? (
          <p className="text-sm text-destructive">{list.error.message}</p>
        ) : searches.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No saved searches yet. Use “Save Search” on the VC Database or Angel Investors.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {searches.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  onClick={() => open.mutate(s.id)}
                  className="flex w-full items-center justify-between gap-3 py-2 text-left text-sm hover:text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <span className="min-w-0 truncate font-medium">{s.name}</span>
                  <span
                    className={cn(
                      'shrink-0 rounded-full px-2 py-0.5 text-xs tabular-nums',
                      s.newMatches > 0 ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
                    )}
                  >
                    {matchLabel(s)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
