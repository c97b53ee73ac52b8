import {
  FORM_BLOCKER_LABELS,
  FORM_KIND_LABELS,
  FORM_OUTCOME_LABELS,
  formBadge,
  formNeedsYou,
  type FirmFormEntry,
} from '@fp/contracts';
import { Ban, ClipboardCheck, ClipboardX, ExternalLink, Hand } from 'lucide-react';
import { Badge, type BadgeVariant } from '../../ui/Badge';

const TONE: Record<'ok' | 'warn' | 'none', BadgeVariant> = { ok: 'success', warn: 'warning', none: 'secondary' };

/** The registry's verdict on the firm's application form; nothing when it knows nothing useful. */
export function FormBadge({ form }: { form: FirmFormEntry | null | undefined }) {
  const badge = formBadge(form);
  if (!badge) return null;
  // A hand, not a "no entry" sign: the founder gets past this one themselves, in the live view.
  const Icon =
    badge.tone === 'ok' ? ClipboardCheck : formNeedsYou(form) ? Hand : badge.tone === 'warn' ? Ban : ClipboardX;
  return (
    <Badge
      variant={TONE[badge.tone]}
      // Long verdicts wrap inside a narrow card instead of running past its edge.
      className="max-w-full whitespace-normal [&_svg]:shrink-0"
      data-testid="form-badge"
      title={
        form ? `Checked ${new Date(form.checkedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}` : undefined
      }
    >
      <Icon aria-hidden="true" />
      {badge.text}
    </Badge>
  );
}

/** The details dialog's section: what the registry recorded about the firm's form. */
export function FirmFormDetails({ form }: { form: FirmFormEntry | null | undefined }) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border p-4" data-testid="firm-form">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Application form</h3>
        <FormBadge form={form} />
      </div>
      {!form ? (
        <p className="text-sm text-muted-foreground">
          Not checked yet: the registry has not visited this firm's website.
        </p>
      ) : (
        <>
          <p className="text-sm">
            {FORM_OUTCOME_LABELS[form.outcome]}
            {form.kind ? ` · ${FORM_KIND_LABELS[form.kind]}` : ''}
            <span className="text-muted-foreground">
              {' '}
              · checked {new Date(form.checkedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
            </span>
          </p>
          {form.url ? (
            <a
              className="flex min-w-0 items-center gap-2 text-sm text-primary hover:underline"
              href={form.url}
              target="_blank"
              rel="noopener noreferrer"
            >
              <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
              <span className="truncate">{form.url}</span>
            </a>
          ) : null}
          {form.blockers.length ? (
            <div className="flex flex-wrap gap-1.5" aria-label="Blockers">
              {form.blockers.map((b) => (
                <Badge key={b} variant={b === 'file_upload_required' ? 'outline' : 'warning'}>
                  {FORM_BLOCKER_LABELS[b]}
                </Badge>
              ))}
            </div>
          ) : null}
          {form.detail ? <p className="text-xs text-muted-foreground">{form.detail}</p> : null}
          {form.fields.length ? (
            <ul className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2" aria-label="Fields the form asks">
              {form.fields.map((f, i) => (
                <li key={`${i}-${f.label}`} className="flex min-w-0 items-baseline gap-1">
                  <span className="truncate" title={f.label}>
                    {f.label}
                  </span>
                  {f.required ? (
                    <span className="text-destructive" title="Required">
                      *
                    </span>
                  ) : null}
                  <span className="shrink-0 text-xs text-muted-foreground">{f.type}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {form.fields.some((f) => f.required) ? <p className="text-xs text-muted-foreground">* required</p> : null}
        </>
      )}
    </div>
  );
}
