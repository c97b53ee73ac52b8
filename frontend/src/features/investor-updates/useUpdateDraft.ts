import {
  type InvestorKind,
  type InvestorUpdateDetail,
  type InvestorUpdatePreview,
  type PipelineStage,
  type UpdateContent,
  type UpdateRecipients,
} from '@fp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '../../ui';
import { deckLinksQueryOptions } from '../deck-links';
import { pipelineQueryOptions } from '../pipeline';
import { parseEmails, previewUpdate, refreshUpdates, saveUpdate, sendUpdate, updateQueryOptions } from './queries';

/** An investor on the board, as the draft's typed addresses and the deck links name it. */
export const recipientKey = (kind: string, id: string) => `${kind}:${id}`;

/** A draft update's state: what it says, who gets it, its preview, and saving, previewing and sending it. */
export function useUpdateDraft(update: InvestorUpdateDetail) {
  const qc = useQueryClient();
  const [content, setContent] = useState<UpdateContent>(update.content);
  const [stages, setStages] = useState<PipelineStage[]>(update.recipients.stages);
  const [addresses, setAddresses] = useState<Map<string, string>>(
    new Map(update.recipients.addresses.map((a) => [recipientKey(a.investorKind, a.investorId), a.email])),
  );
  const [emailsText, setEmailsText] = useState(update.recipients.emails.join('\n'));
  const [preview, setPreview] = useState<InvestorUpdatePreview | null>(null);
  const [confirm, setConfirm] = useState(false);
  // Recipients whose deck link is off: sent without a link only when the founder ticks it.
  const [withoutOffLinks, setWithoutOffLinks] = useState(false);
  const board = useQuery(pipelineQueryOptions());
  const links = useQuery(deckLinksQueryOptions());
  // The address on the founder's latest deck link to an investor (the server uses it when none is typed).
  const linked = new Map<string, string>();
  for (const l of links.data ?? [])
    if (l.investorId && l.investorKind && l.email && !linked.has(recipientKey(l.investorKind, l.investorId)))
      linked.set(recipientKey(l.investorKind, l.investorId), l.email);
  const chosenCards = (board.data ?? []).filter((c) => stages.includes(c.stage));

  const recipients = (): UpdateRecipients => ({
    stages,
    emails: parseEmails(emailsText),
    addresses: chosenCards.flatMap((c) => {
      const email = addresses.get(recipientKey(c.investorKind, c.investorId))?.trim().toLowerCase();
      return email ? [{ investorId: c.investorId, investorKind: c.investorKind as InvestorKind, email }] : [];
    }),
  });
  const save = useMutation({
    mutationFn: () => saveUpdate(update.id, { content, recipients: recipients() }),
    onSuccess: (u) => {
      qc.setQueryData(updateQueryOptions(update.id).queryKey, u);
      setContent(u.content);
      void refreshUpdates(qc);
    },
  });
  const showPreview = useMutation({
    mutationFn: async (to?: string) => {
      await save.mutateAsync();
      return previewUpdate(update.id, to);
    },
    onSuccess: setPreview,
    onError: (err: Error) => toast({ title: 'Could not preview', description: err.message, variant: 'destructive' }),
  });
  const send = useMutation({
    mutationFn: async () => {
      await save.mutateAsync();
      return sendUpdate(update.id, preview?.linkOff.length ? { withoutOffLinks } : {});
    },
    onSuccess: (r) => {
      setConfirm(false);
      toast({
        title: r.alreadySent
          ? 'This update was already sent'
          : `Sent to ${r.recipients} ${r.recipients === 1 ? 'investor' : 'investors'}`,
        description: r.skipped ? `${r.skipped} unsubscribed, left out.` : undefined,
        variant: 'success',
      });
      void refreshUpdates(qc);
    },
    onError: (err: Error) => {
      setConfirm(false);
      toast({ title: 'Not sent', description: err.message, variant: 'destructive' });
    },
  });

  // A preview shows what was saved: any change hides it until the next Preview.
  useEffect(() => setPreview(null), [content, stages, addresses, emailsText]);

  return {
    content,
    setContent,
    stages,
    setStages,
    addresses,
    setAddresses,
    emailsText,
    setEmailsText,
    preview,
    confirm,
    setConfirm,
    withoutOffLinks,
    setWithoutOffLinks,
    board,
    linked,
    chosenCards,
    save,
    showPreview,
    send,
  };
}
