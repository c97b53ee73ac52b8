import type { CreateDeckLinkRequest, DeckLinkSummary, InvestorKind } from '@fp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Copy, Link2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Field, Input, Skeleton, toast } from '../../ui';
import {
  createDeckLink,
  deckLinksQueryOptions,
  readingByInvestor,
  readingLabel,
  refreshDeckLinks,
  updateDeckLink,
} from './queries';

async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', variant: 'success', duration: 2500 });
  } catch {
    toast({ title: 'Copy the link from the field', description: 'The browser did not allow copying.' });
  }
}

function LinkRow({ link }: { link: DeckLinkSummary }) {
  const qc = useQueryClient();
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
    onSettled: () => refreshDeckLinks(qc),
  });
  const settings = [
    link.requireEmail ? 'e-mail required' : 'no e-mail asked',
    link.allowDownload ? 'download allowed' : 'no download',
    link.hasPasscode ? 'passcode' : null,
    link.watermark ? 'watermark' : null,
    link.expiresAt ? `expires ${new Date(link.expiresAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}` : null,
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-2 rounded-md border border-border p-3" data-testid="deck-link">
      <div className="flex gap-2">
        <Input
          readOnly
          value={link.url}
          aria-label="Deck link"
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="outline" size="icon" onClick={() => void copy(link.url)} aria-label="Copy link">
          <Copy className="size-4" aria-hidden="true" />
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{settings.join(' · ')}</p>
      <p className="text-sm" data-testid="deck-link-reading">
        {readingLabel({ ...link }, new Date()) ?? 'Not opened yet'}
      </p>
      <Checkbox
        label="Link on"
        checked={link.enabled}
        disabled={toggle.isPending}
        onCheckedChange={(v) => toggle.mutate(v)}
      />
    </li>
  );
}

/**
 * Share the founder's deck with one investor (pipeline card dialog): the investor's links with their
 * reading, and a new link with its settings (e-mail required and no download by default).
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
  const qc = useQueryClient();
  const links = useQuery(deckLinksQueryOptions());
  const mine = (links.data ?? []).filter((l) => l.investorId === investorId && l.investorKind === investorKind);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({
    requireEmail: true,
    allowDownload: false,
    watermark: false,
    passcode: '',
    expires: '',
  });
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (body: CreateDeckLinkRequest) => createDeckLink(body),
    onSuccess: async (r) => {
      setOpen(false);
      setError(null);
      await refreshDeckLinks(qc);
      await copy(r.url).catch(() => undefined);
    },
    onError: (e: Error) => setError(e.message),
  });
  const total = readingByInvestor(mine).get(`${investorKind}:${investorId}`);
  function submit(e: FormEvent) {
    e.preventDefault();
    create.mutate({
      investorId,
      investorKind,
      requireEmail: form.requireEmail,
      allowDownload: form.allowDownload,
      watermark: form.watermark,
      ...(form.passcode ? { passcode: form.passcode } : {}),
      ...(form.expires ? { expiresAt: new Date(`${form.expires}T23:59:59`).toISOString() } : {}),
    });
  }
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
          Reading by page
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
            <LinkRow key={l.id} link={l} />
          ))}
        </ul>
      )}
      {open ? (
        <form className="flex flex-col gap-3 rounded-md border border-border p-3" onSubmit={submit}>
          <Checkbox
            label="Require the viewer's e-mail"
            checked={form.requireEmail}
            onCheckedChange={(v) => setForm({ ...form, requireEmail: v })}
          />
          <Checkbox
            label="Allow download"
            checked={form.allowDownload}
            onCheckedChange={(v) => setForm({ ...form, allowDownload: v })}
          />
          <Checkbox
            label="Watermark pages with the viewer's e-mail"
            checked={form.watermark}
            onCheckedChange={(v) => setForm({ ...form, watermark: v })}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Passcode (optional)">
              {(p) => (
                <Input
                  {...p}
                  type="text"
                  autoComplete="off"
                  value={form.passcode}
                  onChange={(e) => setForm({ ...form, passcode: e.target.value })}
                />
              )}
            </Field>
            <Field label="Expires (optional)">
              {(p) => (
                <Input
                  {...p}
                  type="date"
                  value={form.expires}
                  onChange={(e) => setForm({ ...form, expires: e.target.value })}
                />
              )}
            </Field>
          </div>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button type="submit" size="sm" loading={create.isPending}>
              Create link
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="outline" size="sm" className="self-start" onClick={() => setOpen(true)}>
          <Link2 className="size-4" aria-hidden="true" />
          {mine.length ? 'New link' : 'Share deck'}
        </Button>
      )}
    </section>
  );
}
