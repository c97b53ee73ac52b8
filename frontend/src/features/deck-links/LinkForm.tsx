import {
  type CreateDeckLinkRequest,
  type DeckLinkSummary,
  type InvestorKind,
  type UpdateDeckLinkRequest,
} from '@fp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Field, Input } from '../../ui';
import { dayOf, expiryOf, formProblems, localToday, type LinkFormValues as Values, type Problems } from './link-form';
import { createDeckLink, refreshDeckLinks, updateDeckLink } from './queries';
import { createRoomLink, refreshRooms } from './room-queries';

/**
 * A link's recipient and settings: a new link (on /deck for anyone, on a pipeline card for that
 * investor) or an existing link's settings. Checked here with the API's own schemas; what the API
 * still refuses is shown under the form.
 */
export function LinkForm({
  link,
  investor,
  roomId,
  onDone,
  onCancel,
}: {
  /** Edit this link; without it, make a new one. */
  link?: DeckLinkSummary;
  /** A new link for this pipeline investor. */
  investor?: { investorId: string; investorKind: InvestorKind };
  /** A new link to this data room (the same settings as a deck link). */
  roomId?: string;
  onDone: (result: { url?: string }) => void;
  onCancel: () => void;
}) {
  const qc = useQueryClient();
  const [v, setV] = useState<Values>({
    name: link?.name ?? '',
    email: link?.email ?? '',
    requireEmail: link?.requireEmail ?? true,
    allowDownload: link?.allowDownload ?? false,
    watermark: link?.watermark ?? false,
    verifyEmail: link?.verifyEmail ?? false,
    passcode: '',
    expires: dayOf(link?.expiresAt ?? null),
  });
  const [shown, setShown] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async (): Promise<{ url?: string }> => {
      const settings = {
        requireEmail: v.requireEmail,
        allowDownload: v.allowDownload,
        watermark: v.watermark,
        verifyEmail: v.verifyEmail,
      };
      if (link) {
        const body: UpdateDeckLinkRequest = {
          ...settings,
          name: v.name.trim() || null,
          email: v.email.trim() || null,
          // The expiry is sent only when the founder changed its day (an expired link stays editable).
          ...(v.expires !== dayOf(link.expiresAt) ? { expiresAt: v.expires ? expiryOf(v.expires) : null } : {}),
          ...(v.passcode ? { passcode: v.passcode } : {}),
        };
        await updateDeckLink(link.id, body);
        return {};
      }
      const body: CreateDeckLinkRequest = {
        ...settings,
        ...(investor ?? {}),
        ...(v.name.trim() ? { name: v.name.trim() } : {}),
        ...(v.email.trim() ? { email: v.email.trim() } : {}),
        ...(v.passcode ? { passcode: v.passcode } : {}),
        ...(v.expires ? { expiresAt: expiryOf(v.expires) } : {}),
      };
      return { url: (roomId ? await createRoomLink(roomId, body) : await createDeckLink(body)).url };
    },
    onSuccess: async (r) => {
      setError(null);
      await Promise.all([refreshDeckLinks(qc), refreshRooms(qc)]);
      onDone(r);
    },
    onError: (e: Error) => setError(e.message),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    const problems = formProblems(v, new Date());
    if (link && v.expires === dayOf(link.expiresAt)) delete problems.expires;
    setShown(problems);
    if (!Object.keys(problems).length) save.mutate();
  }
  const set = (patch: Partial<Values>) => setV({ ...v, ...patch });
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate data-testid="link-form">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Recipient name (optional)" error={shown.name}>
          {(p) => (
            <Input
              {...p}
              autoComplete="off"
              value={v.name}
              maxLength={120}
              onChange={(e) => set({ name: e.target.value })}
            />
          )}
        </Field>
        <Field label="Recipient e-mail (optional)" error={shown.email} hint="Empty: anyone with the link.">
          {(p) => (
            <Input
              {...p}
              type="email"
              autoComplete="off"
              value={v.email}
              onChange={(e) => set({ email: e.target.value })}
            />
          )}
        </Field>
      </div>
      <Checkbox
        label="Require the viewer's e-mail"
        checked={v.requireEmail || v.verifyEmail}
        disabled={v.verifyEmail}
        onCheckedChange={(c) => set({ requireEmail: c })}
      />
      <div className="flex flex-col gap-1">
        <Checkbox
          label="Require e-mail verification"
          checked={v.verifyEmail}
          onCheckedChange={(c) => set({ verifyEmail: c })}
        />
        <p className="pl-6 text-xs text-muted-foreground">
          The viewer gets a 6-digit code by e-mail and types it before the deck opens.
        </p>
      </div>
      <Checkbox label="Allow download" checked={v.allowDownload} onCheckedChange={(c) => set({ allowDownload: c })} />
      <Checkbox
        label="Watermark pages with the viewer's e-mail"
        checked={v.watermark}
        onCheckedChange={(c) => set({ watermark: c })}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={link?.hasPasscode ? 'New passcode (optional)' : 'Passcode (optional)'}
          error={shown.passcode}
          hint={link?.hasPasscode ? 'Empty keeps the current passcode.' : 'At least 4 characters.'}
        >
          {(p) => (
            <Input
              {...p}
              type="text"
              autoComplete="off"
              value={v.passcode}
              onChange={(e) => set({ passcode: e.target.value })}
            />
          )}
        </Field>
        <Field label="Expires (optional)" error={shown.expires}>
          {(p) => (
            <Input
              {...p}
              type="date"
              min={localToday()}
              value={v.expires}
              onChange={(e) => set({ expires: e.target.value })}
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
        <Button type="submit" size="sm" loading={save.isPending}>
          {link ? 'Save settings' : 'Create link'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
