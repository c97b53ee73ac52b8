import type { MailboxMessage } from '@fp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Inbox, Lock, Mail } from 'lucide-react';
import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { Badge, type BadgeVariant } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardContent } from '../../ui/Card';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { SearchField } from '../../ui';
import { PageHeader } from '../../ui/PageHeader';
import { Skeleton } from '../../ui/Skeleton';
import { isForbidden } from '../../lib/api';
import { mailboxMessageQueryOptions, mailboxQueryOptions } from './queries';

const STATUS: Record<MailboxMessage['status'], { label: string; variant: BadgeVariant }> = {
  queued: { label: 'Queued', variant: 'secondary' },
  retrying: { label: 'Retrying', variant: 'warning' },
  sent: { label: 'Sent', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
};
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The plain-text body with its links clickable (the HTML version is shown sandboxed below it). */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <pre
      className="max-h-80 overflow-auto whitespace-pre-wrap break-words rounded-md border bg-muted/40 p-3 font-sans text-sm"
      data-testid="mail-text"
    >
      {parts.map((p, i) =>
        i % 2 === 1 ? (
          <a key={i} href={p} className="text-primary underline underline-offset-2">
            {p}
          </a>
        ) : (
          <Fragment key={i}>{p}</Fragment>
        ),
      )}
    </pre>
  );
}

function MessageDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const q = useQuery(mailboxMessageQueryOptions(id));
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(o) => !o && onClose()}
      title={q.data?.subject ?? 'Message'}
      description={q.data ? `To ${q.data.to}` : undefined}
      size="lg"
    >
      {q.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : q.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {q.error.message}
        </p>
      ) : (
        <div className="flex flex-col gap-3 text-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
            <dt className="text-muted-foreground">Status</dt>
            <dd>
              <Badge variant={STATUS[q.data.status].variant}>{STATUS[q.data.status].label}</Badge>
              {q.data.lastError ? ` ${q.data.lastError}` : ''}
            </dd>
            <dt className="text-muted-foreground">Queued</dt>
            <dd>{when(q.data.queuedAt)}</dd>
            {Object.entries(q.data.headers).map(([k, v]) => (
              <Fragment key={k}>
                <dt className="text-muted-foreground">{k}</dt>
                <dd className="break-all">{v}</dd>
              </Fragment>
            ))}
          </dl>
          <Linkified text={q.data.text} />
          {/* The HTML as a recipient sees it; sandboxed: no scripts, no navigation of this app. */}
          <iframe
            title="HTML version"
            sandbox=""
            srcDoc={q.data.html}
            className="h-80 w-full rounded-md border bg-white"
          />
        </div>
      )}
    </Dialog>
  );
}

/**
 * /mailbox (operators): every e-mail the app sent, with its delivery state. With the embedded mail
 * transport this is where a local install reads its mail (verification, resets, receipts,
 * notifications). The server answers admins only.
 */
export function MailboxPage() {
  const [draft, setDraft] = useState('');
  const [to, setTo] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const list = useQuery(mailboxQueryOptions(to));
  const search = (e: FormEvent) => {
    e.preventDefault();
    setTo(draft.trim());
  };

  let body: ReactNode;
  if (list.isPending) body = <Skeleton className="h-64 w-full rounded-xl" />;
  else if (list.isError && isForbidden(list.error)) {
    body = (
      <Card className="border-destructive/40">
        <CardContent className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <Lock className="size-6 text-destructive" aria-hidden="true" />
          <h2 className="text-lg font-semibold">Only administrators can read the mailbox</h2>
          <p className="text-xs text-muted-foreground">Server response: {list.error.message}</p>
        </CardContent>
      </Card>
    );
  } else if (list.isError)
    body = (
      <p role="alert" className="text-sm text-destructive">
        Error loading the mailbox: {list.error.message}
      </p>
    );
  else if (list.data.messages.length === 0)
    body = (
      <EmptyState
        icon={<Inbox />}
        title={to ? `No e-mail to ${to}` : 'No e-mail sent yet'}
        description="Verification, password reset, receipts and notifications appear here as they are sent."
      />
    );
  else {
    body = (
      <Card>
        <ul className="divide-y" aria-label="Messages">
          {list.data.messages.map((m) => (
            <li key={m.id} data-testid="mailbox-row">
              <button
                type="button"
                onClick={() => setOpen(m.id)}
                className="flex w-full flex-col gap-1 px-4 py-3 text-left hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-none sm:flex-row sm:items-center sm:gap-4"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{m.subject}</span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {m.to} · {m.template}
                  </span>
                </span>
                <span className="flex items-center gap-2 text-xs text-muted-foreground">
                  <Badge variant={STATUS[m.status].variant}>{STATUS[m.status].label}</Badge>
                  {when(m.queuedAt)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </Card>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Mailbox"
        description={
          list.data
            ? `Every e-mail the app sent (transport: ${list.data.transport === 'embedded' ? 'the embedded outbox' : list.data.transport}).`
            : 'Every e-mail the app sent.'
        }
      />
      <form onSubmit={search} className="flex gap-2" role="search">
        <SearchField
          aria-label="Recipient"
          placeholder="Filter by recipient, press Enter"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" variant="outline">
          <Mail className="size-4" aria-hidden="true" />
          Filter
        </Button>
      </form>
      {body}
      <MessageDialog id={open} onClose={() => setOpen(null)} />
    </div>
  );
}
