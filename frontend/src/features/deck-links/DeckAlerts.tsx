import type { DeckAlertMode, DeckNotification, UpdateDeckAlertSettings } from '@fp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Bell } from 'lucide-react';
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

/** The three alert choices, as the founder reads them. */
const ALERT_MODES: { value: DeckAlertMode; label: string; hint: string }[] = [
  { value: 'first_visit', label: 'First visit only', hint: 'When a link is opened for the first time.' },
  { value: 'every_visit', label: 'Every visit', hint: 'Each time someone opens one of your links.' },
  { value: 'daily_digest', label: 'Daily digest', hint: 'Every visit on your Deck page, one e-mail a day.' },
];

/** Settings → Deck alerts: which visits alert the founder (first, every, daily digest), and whether alerts are also e-mailed. */
export function DeckAlertsSection() {
  const qc = useQueryClient();
  const query = useQuery(deckNotificationsQueryOptions());
  const save = useMutation({
    mutationFn: (change: UpdateDeckAlertSettings) => setDeckAlerts(change),
    onSuccess: (settings, change) => {
      qc.setQueryData(deckLinkKeys.notifications(), (old: typeof query.data) => (old ? { ...old, settings } : old));
      toast({
        title:
          change.mode !== undefined
            ? `Deck alerts: ${ALERT_MODES.find((m) => m.value === settings.mode)!.label.toLowerCase()}`
            : settings.mode === 'first_visit'
              ? settings.firstVisitEmail
                ? 'You will get an e-mail when someone first opens your deck'
                : 'No more e-mails when someone first opens your deck'
              : settings.firstVisitEmail
                ? 'Deck alerts will also come by e-mail'
                : 'No more deck alert e-mails (they stay on your Deck page)',
        variant: 'success',
      });
    },
    onError: (e) =>
      toast({ title: 'Could not save the setting', description: (e as Error).message, variant: 'destructive' }),
  });
  const settings = query.data ? { ...query.data.settings, ...(save.isPending ? save.variables : {}) } : null;
  return (
    <Card data-testid="deck-alerts-settings">
      <CardHeader>
        <CardTitle>Deck alerts</CardTitle>
        <CardDescription>
          When an investor opens one of your deck links, it shows on your Deck page. Choose which visits alert you, and
          whether the alerts also come by e-mail.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : query.isError || !settings ? (
          <p className="text-sm text-destructive" role="alert">
            Could not load this setting. Reload the page to try again.
          </p>
        ) : (
          <div className="flex flex-col gap-4">
            <fieldset className="flex flex-col gap-2" disabled={save.isPending}>
              <legend className="mb-1 text-sm font-medium">Alert me on</legend>
              <div className="grid gap-2 sm:grid-cols-3">
                {ALERT_MODES.map((m) => (
                  <label
                    key={m.value}
                    className="flex cursor-pointer flex-col gap-1 rounded-lg border border-border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                  >
                    <span className="flex items-center gap-2 font-medium">
                      <input
                        type="radio"
                        name="deck-alert-mode"
                        value={m.value}
                        checked={settings.mode === m.value}
                        onChange={() => save.mutate({ mode: m.value })}
                        className="size-4 accent-primary"
                      />
                      {m.label}
                    </span>
                    <span className="text-xs text-muted-foreground">{m.hint}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <Checkbox
              label={
                settings.mode === 'daily_digest'
                  ? 'Send me the daily digest by e-mail'
                  : settings.mode === 'every_visit'
                    ? 'E-mail me on every visit'
                    : 'E-mail me when someone opens a deck link for the first time'
              }
              checked={settings.firstVisitEmail}
              disabled={save.isPending}
              onCheckedChange={(on) => save.mutate({ firstVisitEmail: on })}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The Deck page's notices: each link's first visit (or every visit, as the founder's alert mode says), newest first, with the unseen ones marked until the founder says seen. */
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
  const { notifications, unseen, settings } = query.data;
  return (
    <Card data-testid="deck-notices">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          <Bell className="size-4" aria-hidden="true" /> {settings.mode === 'first_visit' ? 'First opens' : 'Visits'}
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
              key={n.visitId}
              className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-center sm:justify-between"
              data-testid="deck-notice"
            >
              <span className={n.seen ? undefined : 'font-medium'}>
                {who(n)} opened your deck{n.first ? '' : ' again'}
                {n.investorName && n.email ? (
                  <span className="font-normal text-muted-foreground"> ({n.email})</span>
                ) : null}
                {n.verified ? (
                  <Badge variant="success" className="ml-2 align-middle" data-testid="notice-verified">
                    <BadgeCheck className="size-3.5" aria-hidden="true" /> Verified
                  </Badge>
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
