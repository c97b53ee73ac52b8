// Long file: the compose form (Compose) is one ~300-line component, still to be split into a form, a
// preview and a hook like the catalog screens.
import {
  metricSourceLabel,
  PIPELINE_STAGES,
  type InvestorKind,
  type InvestorUpdateDetail,
  type InvestorUpdatePreview,
  type PipelineCard,
  type PipelineStage,
  type UpdateContent,
  type UpdateRecipients,
} from '@fp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { ArrowLeft, Eye, Plus, Save, Send, Trash2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Checkbox,
  Dialog,
  Field,
  Input,
  Label,
  LoadFailed,
  PageHeader,
  Select,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  Textarea,
  toast,
} from '../../ui';
import { deckLinksQueryOptions, whenLabel } from '../deck-links/queries';
import { pipelineQueryOptions } from '../pipeline/queries';
import { formatDateTime } from '../submissions/format';
import { parseEmails, previewUpdate, refreshUpdates, saveUpdate, sendUpdate, updateQueryOptions } from './queries';
import { OffLinksNotice } from './OffLinksNotice';

const key = (kind: string, id: string) => `${kind}:${id}`;

/** /updates/:id — a draft to write, preview and send, or a sent update with who received it and who opened the deck. */
export function UpdatePage() {
  const { id } = useParams({ from: '/updates/$id' });
  const update = useQuery(updateQueryOptions(id));
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <Link
        to="/updates"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> All updates
      </Link>
      {update.isPending ? (
        <Skeleton className="h-96" />
      ) : update.isError ? (
        <LoadFailed title="Could not load this update" error={update.error} onRetry={() => void update.refetch()} />
      ) : update.data.status === 'sent' ? (
        <SentUpdate update={update.data} />
      ) : (
        <Compose key={update.data.id} update={update.data} />
      )}
    </div>
  );
}

function Compose({ update }: { update: InvestorUpdateDetail }) {
  const qc = useQueryClient();
  const [content, setContent] = useState<UpdateContent>(update.content);
  const [stages, setStages] = useState<PipelineStage[]>(update.recipients.stages);
  const [addresses, setAddresses] = useState<Map<string, string>>(
    new Map(update.recipients.addresses.map((a) => [key(a.investorKind, a.investorId), a.email])),
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
    if (l.investorId && l.investorKind && l.email && !linked.has(key(l.investorKind, l.investorId)))
      linked.set(key(l.investorKind, l.investorId), l.email);
  const chosenCards = (board.data ?? []).filter((c) => stages.includes(c.stage));

  const recipients = (): UpdateRecipients => ({
    stages,
    emails: parseEmails(emailsText),
    addresses: chosenCards.flatMap((c) => {
      const email = addresses.get(key(c.investorKind, c.investorId))?.trim().toLowerCase();
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

  const setSection = (k: 'subject' | 'highlights' | 'asks' | 'lowlights', v: string) =>
    setContent((c) => ({ ...c, [k]: v }));
  const setMetric = (i: number, patch: Partial<UpdateContent['metrics'][number]>) =>
    setContent((c) => ({
      ...c,
      metrics: c.metrics.map((m, j) =>
        j === i
          ? {
              ...m,
              ...patch,
              ...(patch.value !== undefined || patch.label !== undefined
                ? { source: patch.value !== undefined && patch.value !== m.value ? 'founder' : m.source }
                : {}),
            }
          : m,
      ),
    }));

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
      <Card>
        <CardHeader>
          <CardTitle>Update</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <Field label="Subject">
            {(p) => (
              <Input
                {...p}
                value={content.subject}
                maxLength={200}
                onChange={(e) => setSection('subject', e.target.value)}
              />
            )}
          </Field>
          <Field label="Highlights" hint="What went well this month.">
            {(p) => (
              <Textarea
                {...p}
                rows={4}
                value={content.highlights}
                onChange={(e) => setSection('highlights', e.target.value)}
              />
            )}
          </Field>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">Metrics</legend>
            {content.metrics.map((m, i) => (
              <div
                key={i}
                className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[12rem_1fr_auto] sm:items-center"
                data-testid="metric-row"
              >
                <Input
                  aria-label={`Metric ${i + 1} name`}
                  value={m.label}
                  maxLength={100}
                  onChange={(e) => setMetric(i, { label: e.target.value })}
                  className="col-span-1"
                />
                <div className="col-span-2 row-start-2 flex flex-col gap-0.5 sm:col-span-1 sm:row-start-auto">
                  <Input
                    aria-label={`${m.label || `Metric ${i + 1}`} value`}
                    value={m.value}
                    maxLength={200}
                    onChange={(e) => setMetric(i, { value: e.target.value })}
                  />
                  <span className="text-xs text-muted-foreground" data-testid="metric-source">
                    Source: {metricSourceLabel(m.source)}
                  </span>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${m.label || 'metric'}`}
                  onClick={() => setContent((c) => ({ ...c, metrics: c.metrics.filter((_, j) => j !== i) }))}
                  className="row-start-1 col-start-2 sm:col-start-3"
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            ))}
            {content.metrics.length < 20 ? (
              <Button
                variant="outline"
                size="sm"
                className="self-start"
                onClick={() =>
                  setContent((c) => ({ ...c, metrics: [...c.metrics, { label: '', value: '', source: 'founder' }] }))
                }
              >
                <Plus aria-hidden="true" /> Add metric
              </Button>
            ) : null}
          </fieldset>
          <Field label="Asks" hint="How investors can help: intros, hires, advice.">
            {(p) => (
              <Textarea {...p} rows={3} value={content.asks} onChange={(e) => setSection('asks', e.target.value)} />
            )}
          </Field>
          <Field label="Lowlights" hint="What did not go to plan.">
            {(p) => (
              <Textarea
                {...p}
                rows={3}
                value={content.lowlights}
                onChange={(e) => setSection('lowlights', e.target.value)}
              />
            )}
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Recipients</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <fieldset>
            <legend className="mb-2 text-sm font-medium">Everyone on your pipeline in these stages</legend>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
              {PIPELINE_STAGES.map((s) => {
                const n = (board.data ?? []).filter((c) => c.stage === s).length;
                return (
                  <Checkbox
                    key={s}
                    label={`${s} (${n})`}
                    checked={stages.includes(s)}
                    onCheckedChange={(on) => setStages((xs) => (on ? [...xs, s] : xs.filter((x) => x !== s)))}
                  />
                );
              })}
            </div>
          </fieldset>
          {chosenCards.length ? (
            <div className="flex flex-col gap-2" data-testid="pipeline-recipients">
              <p className="text-sm text-muted-foreground">
                Pipeline cards carry no e-mail address: give one for each investor (filled from your deck link to them
                when there is one).
              </p>
              {chosenCards.map((c: PipelineCard) => {
                const k = key(c.investorKind, c.investorId);
                return (
                  <div key={c.id} className="grid grid-cols-1 gap-1 sm:grid-cols-[14rem_1fr] sm:items-center">
                    <Label htmlFor={`to-${c.id}`} className="truncate">
                      {c.name} <span className="font-normal text-muted-foreground">· {c.stage}</span>
                    </Label>
                    <Input
                      id={`to-${c.id}`}
                      type="email"
                      placeholder={linked.get(k) ?? 'partner@fund.example'}
                      value={addresses.get(k) ?? linked.get(k) ?? ''}
                      onChange={(e) => setAddresses((m) => new Map(m).set(k, e.target.value))}
                    />
                  </div>
                );
              })}
            </div>
          ) : stages.length ? (
            <p className="text-sm text-muted-foreground">
              No pipeline cards in {stages.length === 1 ? 'this stage' : 'these stages'} yet.
            </p>
          ) : null}
          <Field label="Other addresses" hint="One per line, or separated by commas.">
            {(p) => (
              <Textarea
                {...p}
                rows={2}
                value={emailsText}
                onChange={(e) => setEmailsText(e.target.value)}
                placeholder="angel@example.com"
              />
            )}
          </Field>
        </CardContent>
      </Card>

      {preview ? (
        <PreviewCard
          preview={preview}
          busy={showPreview.isPending}
          onPick={(to) => showPreview.mutate(to)}
          onSend={() => setConfirm(true)}
          offLinks={
            <OffLinksNotice
              linkOff={preview.linkOff}
              withoutLinks={withoutOffLinks}
              onWithoutLinks={setWithoutOffLinks}
              onTurnedOn={() => showPreview.mutate(preview.message?.to)}
            />
          }
          blocked={preview.linkOff.length > 0 && !withoutOffLinks}
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
        open={confirm}
        onOpenChange={(o) => !send.isPending && setConfirm(o)}
        title={`Send to ${preview?.recipients.length ?? 0} ${preview?.recipients.length === 1 ? 'investor' : 'investors'}?`}
        description={`Each gets their own message with their own deck link and an unsubscribe link${
          preview?.linkOff.length ? ` (${preview.linkOff.length} without a deck link: their link is off)` : ''
        }. A sent update cannot be changed.`}
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirm(false)} disabled={send.isPending}>
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

function PreviewCard({
  preview,
  busy,
  onPick,
  onSend,
  offLinks,
  blocked,
}: {
  preview: InvestorUpdatePreview;
  busy: boolean;
  onPick: (to: string) => void;
  onSend: () => void;
  /** What to say about recipients whose deck link is off (OffLinksNotice). */
  offLinks: ReactNode;
  /** Send waits for the founder's choice about them. */
  blocked: boolean;
}) {
  const m = preview.message;
  return (
    <Card data-testid="update-preview">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle>Preview</CardTitle>
        <Button onClick={onSend} disabled={!preview.recipients.length || busy || blocked}>
          <Send aria-hidden="true" /> Send
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm" role="status">
          {preview.recipients.length
            ? `${preview.recipients.length} ${preview.recipients.length === 1 ? 'investor gets' : 'investors get'} this update.`
            : 'Nobody would get this update yet: choose stages or add addresses.'}
          {preview.unsubscribed.length
            ? ` ${preview.unsubscribed.length} unsubscribed and will not get it: ${preview.unsubscribed.map((r) => r.name ?? r.email).join(', ')}.`
            : ''}
          {preview.missingEmail.length
            ? ` No address yet for: ${preview.missingEmail.map((r) => r.name).join(', ')}.`
            : ''}
        </p>
        {offLinks}
        {m ? (
          <>
            <div className="flex flex-col gap-1.5 sm:max-w-md">
              <Label htmlFor="preview-to">Show the message for</Label>
              <Select
                id="preview-to"
                value={m.to}
                disabled={busy}
                onChange={(e) => onPick(e.target.value)}
                options={preview.recipients.map((r) => ({
                  value: r.email,
                  label: r.name ? `${r.name} — ${r.email}` : r.email,
                }))}
              />
            </div>
            <div className="text-sm">
              <p>
                <span className="text-muted-foreground">To:</span> {m.to}
              </p>
              <p>
                <span className="text-muted-foreground">Subject:</span> <strong>{m.subject}</strong>
              </p>
            </div>
            {/* The message's own HTML, as the mail module rendered it for this recipient; sandboxed: no scripts, links open outside. */}
            <iframe
              title={`The update as ${m.to} gets it`}
              srcDoc={m.html}
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              className="h-[32rem] w-full rounded-md border border-border bg-white"
              data-testid="preview-frame"
            />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

function SentUpdate({ update }: { update: InvestorUpdateDetail }) {
  const now = new Date();
  const delivered = update.deliveries.filter((d) => d.status === 'sent').length;
  const opened = update.deliveries.filter((d) => d.deckVisits > 0).length;
  const STATUS: Record<string, { label: string; variant: 'success' | 'secondary' | 'warning' | 'destructive' }> = {
    sent: { label: 'Delivered', variant: 'success' },
    queued: { label: 'Sending', variant: 'secondary' },
    retrying: { label: 'Retrying', variant: 'warning' },
    failed: { label: 'Failed', variant: 'destructive' },
    unknown: { label: 'Not queued', variant: 'secondary' },
  };
  return (
    <>
      <PageHeader
        title={update.content.subject}
        description={update.sentAt ? `Sent ${formatDateTime(update.sentAt)}` : undefined}
        actions={<Badge variant="success">Sent</Badge>}
        className="mb-0"
      />
      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        {[
          ['Recipients', update.deliveries.length],
          ['Delivered', delivered],
          ['Opened deck', opened],
        ].map(([label, value]) => (
          <Card key={label} className="p-3 sm:p-4">
            <p className="text-xs text-muted-foreground sm:text-sm">{label}</p>
            <p className="text-2xl font-semibold tabular-nums">{value}</p>
          </Card>
        ))}
      </div>
      <Card className="overflow-hidden p-0">
        <Table containerClassName="border-0" data-testid="update-recipients">
          <TableHeader>
            <TableRow>
              <TableHead>Recipient</TableHead>
              <TableHead>Delivery</TableHead>
              <TableHead>Deck</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {update.deliveries.map((d) => (
              <TableRow key={d.email} data-testid="recipient-row">
                <TableCell className="max-w-[9rem] sm:max-w-none">
                  <span className="block truncate font-medium">{d.name ?? d.email}</span>
                  {d.name ? <span className="block truncate text-xs text-muted-foreground">{d.email}</span> : null}
                </TableCell>
                <TableCell>
                  <Badge variant={STATUS[d.status]!.variant}>{STATUS[d.status]!.label}</Badge>
                </TableCell>
                <TableCell className="text-sm">
                  {d.deckLinkOff ? (
                    <span className="text-muted-foreground">Sent without a deck link (link off)</span>
                  ) : !d.deckLinkId ? (
                    <span className="text-muted-foreground">No deck link</span>
                  ) : d.deckVisits ? (
                    `Opened ${d.deckVisits === 1 ? 'once' : `${d.deckVisits} times`}${d.lastDeckVisitAt ? ` · ${whenLabel(d.lastDeckVisitAt, now)}` : ''}`
                  ) : (
                    <span className="text-muted-foreground">Not opened</span>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
      {update.skipped.length ? (
        <p className="text-sm text-muted-foreground">
          Not sent (unsubscribed from your updates): {update.skipped.map((s) => s.name ?? s.email).join(', ')}.
        </p>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>What was sent</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-sm">
          {(['highlights', 'asks', 'lowlights'] as const)
            .filter((k) => update.content[k].trim())
            .map((k) => (
              <div key={k}>
                <h2 className="font-medium capitalize">{k}</h2>
                <p className="whitespace-pre-line text-muted-foreground">{update.content[k]}</p>
              </div>
            ))}
          {update.content.metrics.some((m) => m.value.trim()) ? (
            <div>
              <h2 className="font-medium">Metrics</h2>
              <ul className="text-muted-foreground">
                {update.content.metrics
                  .filter((m) => m.value.trim())
                  .map((m, i) => (
                    <li key={i}>
                      {m.label}: {m.value} <span className="text-xs">({metricSourceLabel(m.source)})</span>
                    </li>
                  ))}
              </ul>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </>
  );
}
