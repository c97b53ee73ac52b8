import type { InvestorUpdatePreview } from '@fp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LinkIcon } from 'lucide-react';
import { Button, Checkbox, toast } from '../../ui';
import { refreshDeckLinks, updateDeckLink } from '../deck-links';

/**
 * Off means off: recipients whose deck link the founder turned off (or deleted) get no new link from
 * this update. The founder chooses, for them: send without a link (the tick box Send waits for), or
 * turn a link back on (then the preview is asked again and they get a link as usual).
 */
export function OffLinksNotice({
  linkOff,
  withoutLinks,
  onWithoutLinks,
  onTurnedOn,
}: {
  linkOff: InvestorUpdatePreview['linkOff'];
  withoutLinks: boolean;
  onWithoutLinks: (v: boolean) => void;
  onTurnedOn: () => void;
}) {
  const qc = useQueryClient();
  const turnOn = useMutation({
    mutationFn: (linkId: string) => updateDeckLink(linkId, { enabled: true }),
    onSuccess: async () => {
      await refreshDeckLinks(qc);
      toast({ title: 'Link turned back on', variant: 'success', duration: 2500 });
      onTurnedOn();
    },
    onError: (e: Error) =>
      toast({ title: 'Could not turn the link on', description: e.message, variant: 'destructive' }),
  });
  if (!linkOff.length) return null;
  return (
    <div
      className="flex flex-col gap-3 rounded-md border border-warning/60 bg-warning/10 p-3 text-sm"
      role="status"
      data-testid="off-links"
    >
      <p className="font-medium">
        {linkOff.length === 1
          ? '1 recipient has their deck link turned off.'
          : `${linkOff.length} recipients have their deck link turned off.`}{' '}
        This update makes them no new link.
      </p>
      <ul className="flex flex-col gap-2">
        {linkOff.map((r) => (
          <li key={r.email} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
            <span className="min-w-0 break-words">
              {r.name ? `${r.name} — ${r.email}` : r.email}
              <span className="text-muted-foreground">{r.deleted ? ' (link deleted)' : ' (link off)'}</span>
            </span>
            {r.deleted ? null : (
              <Button
                size="sm"
                variant="outline"
                className="self-start"
                loading={turnOn.isPending && turnOn.variables === r.linkId}
                onClick={() => turnOn.mutate(r.linkId)}
              >
                <LinkIcon className="size-4" aria-hidden="true" /> Turn link back on
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Checkbox
        label={linkOff.length === 1 ? 'Send to them without a deck link' : 'Send to them without deck links'}
        checked={withoutLinks}
        onCheckedChange={onWithoutLinks}
      />
    </div>
  );
}
