import { TAKEOVER_REASON_TEXT, type Submission } from '@fp/contracts';
import {
  AlertTriangle,
  Building2,
  Calendar,
  Download,
  ExternalLink,
  Hand,
  MapPin,
  MessageCircleQuestion,
  MonitorPlay,
  Radio,
  Sparkles,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { apiRequestRaw } from '../../lib/api';
import { saveResponse } from '../../lib/download';
import { toast } from '../../ui/toast';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useOpenAnswers } from './AnswerQuestionsDialog';
import { formatDateTime } from '../../lib/format';
import { canFetchLiveUrl, formatDuration, needsAnswers, needsTakeover } from './format';
import { isActive } from './queries';
import { StatusBadges } from './StatusBadges';
import { NotSentList } from './NotSentList';
import { ReviewTable } from './ReviewTable';
import { reviewFields } from '@fp/contracts';
import { openLiveView, useSubmissionActions } from './useSubmissionActions';

function Section({
  title,
  icon,
  children,
  testId,
}: {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="flex flex-col gap-1.5" data-testid={testId}>
      <h3 className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase [&_svg]:size-3.5">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

function LiveSection({ submission }: { submission: Submission }) {
  const a = useSubmissionActions(submission);
  const openAnswers = useOpenAnswers();
  if (needsAnswers(submission)) {
    return (
      <div
        className="flex flex-col gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 sm:flex-row sm:items-center sm:justify-between"
        data-testid="needs-answers"
      >
        <p className="text-sm">
          Paused before sending: the form asks questions only you can answer. Nothing has been sent.
          {submission.inputDeadline
            ? ` Without answers by ${formatDateTime(submission.inputDeadline)}, it stops and your credit is refunded.`
            : ''}
        </p>
        <Button size="sm" onClick={() => openAnswers(submission)}>
          <MessageCircleQuestion aria-hidden="true" /> Answer questions
        </Button>
      </div>
    );
  }
  if (needsTakeover(submission) && submission.liveUrl) {
    return (
      <div
        className="flex flex-col gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 sm:flex-row sm:items-center sm:justify-between"
        data-testid="needs-takeover"
      >
        <p className="text-sm">
          {TAKEOVER_REASON_TEXT[submission.takeover?.reason ?? 'captcha']}. Open the live view, get past it on the
          screen, then press Continue. Nothing has been sent.
          {submission.takeover
            ? ` Without you by ${formatDateTime(submission.takeover.deadline)}, the run ends failed and your credit is refunded.`
            : ''}
        </p>
        <Button size="sm" onClick={() => openLiveView(submission.liveUrl!)}>
          <Hand aria-hidden="true" /> Take over
        </Button>
      </div>
    );
  }
  if (submission.liveUrl) {
    return (
      <div className="flex flex-col gap-2 rounded-lg border border-primary/30 bg-primary/5 p-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm">The browser is working on this application right now.</p>
        <Button size="sm" onClick={() => openLiveView(submission.liveUrl!)}>
          <MonitorPlay aria-hidden="true" /> Open Live View
        </Button>
      </div>
    );
  }
  if (isActive(submission)) {
    return (
      <div className="flex flex-col gap-2 rounded-lg border border-border bg-muted/40 p-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          {submission.status === 'pending'
            ? 'Waiting for a free browser. The live view opens once it starts.'
            : 'The live view appears once the browser has opened the firm’s website.'}
        </p>
        {canFetchLiveUrl(submission) ? (
          <Button size="sm" variant="secondary" loading={a.busy === 'live'} onClick={() => void a.fetchLive()}>
            {a.busy === 'live' ? null : <Radio aria-hidden="true" />} Find Live View
          </Button>
        ) : null}
      </div>
    );
  }
  return <p className="text-sm text-muted-foreground">The run has ended; its final screen is shown below.</p>;
}

/** The proof bundle (ZIP: screenshot, page HTML, proof.json), fetched with the session: the owner's only. */
function DownloadProofButton({ submission }: { submission: Submission }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await saveResponse(await apiRequestRaw(submission.proofUrl!), `proof-${submission.id.slice(0, 8)}.zip`);
    } catch (err) {
      toast({
        title: 'Download Failed',
        description: (err as Error).message || 'The proof could not be downloaded.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div>
      <Button size="sm" variant="outline" loading={busy} onClick={() => void download()} data-testid="download-proof">
        {busy ? null : <Download aria-hidden="true" />} Download proof
      </Button>
    </div>
  );
}

/** Submission details (spec §2): dates, location, live view, summary, AI analysis, error, firm info, and the proof. */
export function SubmissionDetailsDialog({
  submission,
  open,
  onOpenChange,
}: {
  submission: Submission | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  if (!submission) return null;
  const s = submission;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={s.vcFirm.name}
      description={[s.vcFirm.investorType, s.vcFirm.location].filter(Boolean).join(' · ') || undefined}
      footer={
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      }
    >
      <div className="flex flex-col gap-5" data-testid="submission-details">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadges submission={s} />
          {s.attempt > 1 ? <Badge variant="outline">Attempt {s.attempt}</Badge> : null}
          {s.creditRefunded ? <Badge variant="secondary">Credit refunded</Badge> : null}
          {s.test ? <Badge variant="outline">Test firm</Badge> : null}
        </div>

        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div className="flex flex-col gap-0.5">
            <dt className="flex items-center gap-1 text-xs text-muted-foreground">
              <Calendar className="size-3.5" aria-hidden="true" /> Submitted
            </dt>
            <dd data-testid="submitted-at">{formatDateTime(s.submittedAt)}</dd>
          </div>
          <div className="flex flex-col gap-0.5">
            <dt className="flex items-center gap-1 text-xs text-muted-foreground">
              <Calendar className="size-3.5" aria-hidden="true" /> Completed
            </dt>
            <dd data-testid="completed-at">{formatDateTime(s.completedAt)}</dd>
          </div>
          <div className="flex flex-col gap-0.5">
            <dt className="flex items-center gap-1 text-xs text-muted-foreground">
              <MapPin className="size-3.5" aria-hidden="true" /> Location
            </dt>
            <dd>{s.vcFirm.location ?? '—'}</dd>
          </div>
        </dl>

        <Section title="Live View" icon={<MonitorPlay aria-hidden="true" />}>
          <LiveSection submission={s} />
        </Section>

        {/* Only a language model's words are "AI Analysis"; the rule-based analysis belongs to the summary. */}
        {s.summary || (s.aiRecap && s.recapSource !== 'llm') ? (
          <Section title="Summary" testId="summary-section">
            {s.summary ? <p className="text-sm leading-relaxed">{s.summary}</p> : null}
            {s.aiRecap && s.recapSource !== 'llm' && s.aiRecap !== s.summary ? (
              <p className="rounded-lg bg-muted/60 p-3 text-sm leading-relaxed">{s.aiRecap}</p>
            ) : null}
          </Section>
        ) : null}

        {s.aiRecap && s.recapSource === 'llm' ? (
          <Section title="AI Analysis" icon={<Sparkles aria-hidden="true" />} testId="ai-analysis">
            <p className="rounded-lg bg-muted/60 p-3 text-sm leading-relaxed">{s.aiRecap}</p>
          </Section>
        ) : null}

        {s.takeovers.length ? (
          <Section title="Taken over in the live view" icon={<Hand aria-hidden="true" />} testId="takeovers">
            <ul className="flex flex-col gap-1 text-sm">
              {s.takeovers.map((t, i) => (
                <li key={i}>
                  {t.reason === 'captcha' ? 'CAPTCHA' : 'Sign-in'} at {formatDateTime(t.requestedAt)}:{' '}
                  {t.how === 'continued'
                    ? 'you took over and pressed Continue'
                    : t.how === 'stopped'
                      ? 'stopped'
                      : 'nobody took over in time'}
                  {t.by && t.how !== 'continued' ? ' (you had taken over)' : ''}, {formatDuration(t.durationMs)}.
                </li>
              ))}
            </ul>
          </Section>
        ) : null}

        {s.error ? (
          <Section title="Error Details" icon={<AlertTriangle aria-hidden="true" />} testId="error-details">
            <p className="rounded-lg border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive">
              {s.error}
            </p>
          </Section>
        ) : null}

        {s.screenshotUrl || s.confirmationText || s.fieldsFilled.length || s.sentRequest || s.proofUrl ? (
          <Section title="Proof" testId="proof">
            {s.confirmationText ? (
              <blockquote className="border-l-2 border-success pl-3 text-sm italic" data-testid="proof-confirmation">
                “{s.confirmationText}”
              </blockquote>
            ) : null}
            {s.sentRequest ? (
              <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm" data-testid="proof-request">
                <span className="text-muted-foreground">Form sent:</span>
                <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{s.sentRequest.method}</code>
                <span className="min-w-0 break-all font-mono text-xs">{s.sentRequest.url}</span>
                <Badge variant={s.sentRequest.status < 400 ? 'secondary' : 'destructive'}>
                  HTTP {s.sentRequest.status}
                </Badge>
              </p>
            ) : null}
            {s.proofUrl ? <DownloadProofButton submission={s} /> : null}
            {s.screenshotUrl ? (
              <a
                href={s.screenshotUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="block overflow-hidden rounded-lg border border-border bg-black/5"
                title="Open the full-size screenshot"
              >
                <img
                  src={s.screenshotUrl}
                  alt={`Final screen of the application to ${s.vcFirm.name}`}
                  className="block max-h-96 w-full object-contain object-top"
                  loading="lazy"
                />
              </a>
            ) : null}
            {s.fieldsFilled.length ? (
              <details className="text-sm" data-testid="fields-filled">
                <summary className="cursor-pointer text-muted-foreground">
                  {s.fieldsFilled.length} field{s.fieldsFilled.length === 1 ? '' : 's'} filled — what was sent, and from
                  where
                </summary>
                <div className="mt-2">
                  <ReviewTable
                    fields={reviewFields(s.fieldsFilled)}
                    caption={`What the application to ${s.vcFirm.name} filled in, and from where`}
                  />
                </div>
              </details>
            ) : null}
            <NotSentList notSent={s.notSent} />
          </Section>
        ) : null}

        <Section title="Firm Info" icon={<Building2 aria-hidden="true" />}>
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-xs text-muted-foreground">Name</dt>
              <dd>{s.vcFirm.name}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Investor type</dt>
              <dd>{s.vcFirm.investorType ?? '—'}</dd>
            </div>
            {s.vcFirm.website ? (
              <div className="sm:col-span-2">
                <dt className="text-xs text-muted-foreground">Website</dt>
                <dd>
                  <a
                    href={s.vcFirm.website}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 break-all text-primary hover:underline"
                  >
                    {s.vcFirm.website} <ExternalLink className="size-3" aria-hidden="true" />
                  </a>
                </dd>
              </div>
            ) : null}
            {s.vcFirm.description ? (
              <div className="sm:col-span-2">
                <dt className="text-xs text-muted-foreground">About</dt>
                <dd className="text-muted-foreground">{s.vcFirm.description}</dd>
              </div>
            ) : null}
          </dl>
        </Section>
      </div>
    </Dialog>
  );
}
