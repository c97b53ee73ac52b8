import type { DeckLinkSummary } from '@fp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BarChart3, Copy, Settings2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge, Button, Checkbox, Dialog, Input, toast } from '../../ui';
import { formatDateTime } from '../../lib/format';
import { InvestorReading } from './InvestorReading';
import { LinkForm } from './LinkForm';
import {
  deleteDeckLink,
  ORIGIN_LABEL,
  readingLabel,
  refreshDeckLinks,
  settingsLabel,
  updateDeckLink,
  whenLabel,
} from './queries';
import { refreshRooms } from './room-queries';

export async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', variant: 'success', duration: 2500 });
  } catch {
    toast({ title: 'Copy the link from the field', description: 'The browser did not allow copying.' });
  }
}

/**
 * One link as the founder manages it (the Deck page's list and the pipeline card): who it is for and
 * where it came from, its settings, visits and last visit; copy, settings, on/off, delete, and the
 * reader's visits page by page.
 */
export function LinkRow({
  link,
  recipient,
  reading: withReading = true,
}: {
  link: DeckLinkSummary;
  recipient: string;
  /** The reader's visits page by page (a data room shows its figures per document instead). */
  reading?: boolean;
}) {
  const qc = useQueryClient();
  const [panel, setPanel] = useState<'reading' | 'settings' | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => updateDeckLink(link.id, { enabled }),
    onSuccess: (l) =>
      toast({
        title: l.enabled ? 'Link turned on' : 'Link turned off (its history is kept)',
        variant: 'success',
        duration: 3000,
      }),
    onError: (e: Error) =>
      toast({ title: 'Could not change the link', description: e.message, variant: 'destructive' }),
    onSettled: () => Promise.all([refreshDeckLinks(qc), refreshRooms(qc)]),
  });
  const remove = useMutation({
    mutationFn: () => deleteDeckLink(link.id),
    onSuccess: () => {
      setConfirmDelete(false);
      toast({ title: 'Link deleted (its visits stay in your figures)', variant: 'success', duration: 3000 });
    },
    onError: (e: Error) =>
      toast({ title: 'Could not delete the link', description: e.message, variant: 'destructive' }),
    onSettled: () => Promise.all([refreshDeckLinks(qc), refreshRooms(qc)]),
  });
  const now = new Date();
  const reading = readingLabel(link, now);
  return (
    <li className="flex flex-col gap-2 rounded-md border border-border p-3" data-testid="deck-link">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-words" data-testid="deck-link-recipient">
              {recipient}
            </span>
            <Badge variant="outline">{ORIGIN_LABEL[link.origin]}</Badge>
            {link.enabled ? null : <Badge variant="warning">Off</Badge>}
          </p>
          <p className="text-xs break-all text-muted-foreground">
            {link.email && link.email !== recipient ? `${link.email} · ` : ''}
            {link.email ? '' : 'Anyone with the link · '}made {formatDateTime(link.createdAt)}
          </p>
        </div>
        <p className="shrink-0 text-sm tabular-nums sm:text-right" data-testid="deck-link-visits">
          {link.visits === 1 ? '1 visit' : `${link.visits} visits`}
          {link.lastVisitAt ? ` · last ${whenLabel(link.lastVisitAt, now)}` : ''}
        </p>
      </div>
      <Input
        readOnly
        value={link.url}
        aria-label="Deck link"
        className="h-8 font-mono text-xs"
        onFocus={(e) => e.currentTarget.select()}
      />
      <p className="text-xs text-muted-foreground">{settingsLabel(link)}</p>
      <p className="text-sm" data-testid="deck-link-reading">
        {reading ?? 'Not opened yet'}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => void copyLink(link.url)}
          aria-label={`Copy link for ${recipient}`}
        >
          <Copy className="size-4" aria-hidden="true" /> Copy link
        </Button>
        {withReading ? (
          <Button
            variant={panel === 'reading' ? 'secondary' : 'outline'}
            size="sm"
            aria-expanded={panel === 'reading'}
            onClick={() => setPanel(panel === 'reading' ? null : 'reading')}
          >
            <BarChart3 className="size-4" aria-hidden="true" /> Visits by page
          </Button>
        ) : null}
        <Button
          variant={panel === 'settings' ? 'secondary' : 'outline'}
          size="sm"
          aria-expanded={panel === 'settings'}
          onClick={() => setPanel(panel === 'settings' ? null : 'settings')}
        >
          <Settings2 className="size-4" aria-hidden="true" /> Settings
        </Button>
        <Checkbox
          label="Link on"
          checked={link.enabled}
          disabled={toggle.isPending}
          onCheckedChange={(v) => toggle.mutate(v)}
        />
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive sm:ml-auto"
          onClick={() => setConfirmDelete(true)}
          aria-label={`Delete link for ${recipient}`}
        >
          <Trash2 className="size-4" aria-hidden="true" /> Delete
        </Button>
      </div>
      {panel === 'reading' ? <InvestorReading link={link} recipient={recipient} /> : null}
      {panel === 'settings' ? (
        <div className="rounded-md border border-border p-3">
          <LinkForm
            link={link}
            onDone={() => {
              setPanel(null);
              toast({ title: 'Settings saved', variant: 'success', duration: 2500 });
            }}
            onCancel={() => setPanel(null)}
          />
        </div>
      ) : null}
      <Dialog
        open={confirmDelete}
        onOpenChange={(o) => !remove.isPending && setConfirmDelete(o)}
        title={`Delete the link for ${recipient}?`}
        description="The link stops working for good and leaves this list. Its visits stay in your deck's figures, and investor updates will not make this investor a new link."
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirmDelete(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => remove.mutate()} loading={remove.isPending}>
              <Trash2 aria-hidden="true" /> Delete link
            </Button>
          </>
        }
      />
    </li>
  );
}
