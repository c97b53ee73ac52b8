import type { InvestorUpdatePreview } from '@fp/contracts';
import { Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, Card, CardContent, CardHeader, CardTitle, Label, Select } from '../../ui';

/** The saved draft as one recipient gets it: who gets it, who does not, and that recipient's own message. */
export function PreviewCard({
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
