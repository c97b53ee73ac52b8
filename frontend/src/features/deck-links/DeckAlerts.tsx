import type { DeckNotification } from '@fp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Checkbox, Skeleton } from '../../ui';
import { toast } from '../../ui/toast';
import {
  deckLinkKeys,
  deckNotificationsQueryOptions,
  markDeckNotificationsSeen,
  setDeckAlerts,
  whenLabel,
} from './queries';

const who = (n: DeckNotification) => n.investorName ?? n.email ?? 'Someone with your link';

/** Settings → Deck alerts: whether a link's first visit is also e-mailed (on by default; the in-app notice stays). */
export function DeckAlertsSection() {
  const qc = useQueryClient();
  const query = useQuery(deckNotificationsQueryOptions());
  const save = useMutation({
    mutationFn: (firstVisitEmail: boolean) => setDeckAlerts({ firstVisitEmail }),
    onSuccess: (settings) => {
      qc.setQueryData(deckLinkKeys.notifications(), (old: typeof query.data) => (old ? { ...old, settings } : old));
      toast({
        title: settings.firstVisitEmail
          ? 'You will get an e-mail when someone first opens your deck'
          : 'No more e-mails when someone first opens your deck',
        variant: 'success',
      });
    },
    onError: (e) =>
      toast({ title: 'Could not save the setting', description: (e as Error).message, variant: 'destructive' }),
  });
  return (
    <Card data-testid="deck-alerts-settings">
      <CardHeader>
        <CardTitle>Deck alerts</CardTitle>
        <CardDescription>
          When an investor opens one of your deck links for the first time, it shows on your Deck page. You can also get
          an e-mail.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-6 w-72" />
        ) : query.isError ? (
          <p className="text-sm text-destructive" role="alert">
            Could not load this setting. Reload the page to try again.
          </p>
        ) : (
          <Checkbox
            label="E-mail me when someone opens a deck link for the first time"
            checked={save.isPending ? save.variables : query.data.settings.firstVisitEmail}
            disabled={save.isPending}
            onCheckedChange={(on) => save.mutate(on)}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** The Deck page's notices: each link's first visit, newest first, with the unseen ones marked until the founder says seen. */
export function DeckNotices() {
  const qc = useQueryClient();
  const query = useQuery(deckNotificationsQueryOptions());
  const seen = useMutation({
    mutationFn: markDeckNotificationsSeen,
    // The server recorded it; its read model may lag a moment behind, so the list shows it at once.
    onSuccess: () => {
      qc.setQueryData(deckLinkKeys.notifications(), (old: typeof query.data) =>
        old ? { ...old, unseen: 0, notifications: old.notifications.map((n) => ({ ...n, seen: true })) } : old,
      );
    },
    onError: (e) =>
      toast({ title: 'Could not mark them as seen', description: (e as Error).message, variant: 'destructive' }),
  });
  if (query.isPending) return <Skeleton className="h-24" />;
  if (query.isError || !query.data.notifications.length) return null;
  const now = new Date();
  const { notifications, unseen } = query.data;
  return (
    <Card data-testid="deck-notices">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          <Bell className="size-4" aria-hidden="true" /> First opens
          {unseen ? <Badge>{unseen} new</Badge> : null}
        </CardTitle>
        {unseen ? (
          <Button size="sm" variant="outline" onClick={() => seen.mutate()} disabled={seen.isPending}>
            Mark as seen
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y divide-border">
          {notifications.map((n) => (
            <li
              key={n.linkId}
              className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-center sm:justify-between"
              data-testid="deck-notice"
            >
              <span className={n.seen ? undefined : 'font-medium'}>
                {who(n)} opened your deck
                {n.investorName && n.email ? (
                  <span className="font-normal text-muted-foreground"> ({n.email})</span>
                ) : null}
              </span>
              <span className="text-sm text-muted-foreground">{whenLabel(n.at, now)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
