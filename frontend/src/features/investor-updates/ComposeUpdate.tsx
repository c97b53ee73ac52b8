import type { InvestorUpdateDetail } from '@fp/contracts';
import { Eye, Save, Send } from 'lucide-react';
import { Button, Card, CardContent, Dialog, PageHeader, toast } from '../../ui';
import { OffLinksNotice } from './OffLinksNotice';
import { PreviewCard } from './PreviewCard';
import { RecipientsCard } from './RecipientsCard';
import { UpdateContentCard } from './UpdateContentCard';
import { useUpdateDraft } from './useUpdateDraft';

/** A draft: write it, choose who gets it, preview each recipient's message, then send after a confirmation. */
export function ComposeUpdate({ update }: { update: InvestorUpdateDetail }) {
  const draft = useUpdateDraft(update);
  const { preview, save, showPreview, send } = draft;

  return (
    <>
      <PageHeader
        title="Write your update"
        description="A draft until you press Send."
        actions={
          <>
            <Button
              variant="outline"
              onClick={() =>
                save.mutate(undefined, {
                  onSuccess: () => toast({ title: 'Draft saved', variant: 'success' }),
                  onError: (e) => toast({ title: 'Not saved', description: e.message, variant: 'destructive' }),
                })
              }
              loading={save.isPending && !showPreview.isPending && !send.isPending}
            >
              <Save aria-hidden="true" /> Save draft
            </Button>
            <Button variant="outline" onClick={() => showPreview.mutate(undefined)} loading={showPreview.isPending}>
              <Eye aria-hidden="true" /> Preview
            </Button>
          </>
        }
        className="mb-0"
      />
      <UpdateContentCard content={draft.content} setContent={draft.setContent} />

      <RecipientsCard
        cards={draft.board.data ?? []}
        stages={draft.stages}
        setStages={draft.setStages}
        chosenCards={draft.chosenCards}
        addresses={draft.addresses}
        setAddresses={draft.setAddresses}
        linked={draft.linked}
        emailsText={draft.emailsText}
        setEmailsText={draft.setEmailsText}
      />

      {preview ? (
        <PreviewCard
          preview={preview}
          busy={showPreview.isPending}
          onPick={(to) => showPreview.mutate(to)}
          onSend={() => draft.setConfirm(true)}
          offLinks={
            <OffLinksNotice
              linkOff={preview.linkOff}
              withoutLinks={draft.withoutOffLinks}
              onWithoutLinks={draft.setWithoutOffLinks}
              onTurnedOn={() => showPreview.mutate(preview.message?.to)}
            />
          }
          blocked={preview.linkOff.length > 0 && !draft.withoutOffLinks}
        />
      ) : (
        <Card>
          <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground">
              Preview the update before sending: you will see each investor's own message.
            </p>
            <Button onClick={() => showPreview.mutate(undefined)} loading={showPreview.isPending}>
              <Eye aria-hidden="true" /> Preview
            </Button>
          </CardContent>
        </Card>
      )}

      <Dialog
        open={draft.confirm}
        onOpenChange={(o) => !send.isPending && draft.setConfirm(o)}
        title={`Send to ${preview?.recipients.length ?? 0} ${preview?.recipients.length === 1 ? 'investor' : 'investors'}?`}
        description={`Each gets their own message with their own deck link and an unsubscribe link${
          preview?.linkOff.length ? ` (${preview.linkOff.length} without a deck link: their link is off)` : ''
        }. A sent update cannot be changed.`}
        footer={
          <>
            <Button variant="outline" onClick={() => draft.setConfirm(false)} disabled={send.isPending}>
              Cancel
            </Button>
            <Button onClick={() => send.mutate()} loading={send.isPending}>
              <Send aria-hidden="true" /> Send now
            </Button>
          </>
        }
      />
    </>
  );
}
