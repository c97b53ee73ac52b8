import type { OpsWorkflowRun } from '@fp/contracts';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { Badge } from '../../ui/Badge';
import { Dialog } from '../../ui/Dialog';
import { Skeleton } from '../../ui/Skeleton';
import { LoadError, when } from './OpsParts';
import { workflowDetailQueryOptions } from './queries';

const KIND_LABEL: Record<OpsWorkflowRun['kind'], string> = {
  submission: 'Application',
  mail: 'E-mail',
  discovery: 'Form discovery',
};

const duration = (a: string | null, b: string | null) => {
  if (!a || !b) return null;
  const ms = Date.parse(b) - Date.parse(a);
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
};

/** A run's details: what happened (its events) and each attempt's steps as the engine recorded them. */
export function WorkflowDetailDialog({ run, onClose }: { run: OpsWorkflowRun | null; onClose: () => void }) {
  const detail = useQuery({
    ...workflowDetailQueryOptions(run?.kind ?? 'submission', run?.id ?? ''),
    enabled: Boolean(run),
  });
  const title = run ? (run.firm ?? run.subject ?? run.id) : '';
  let body;
  if (!run) body = null;
  else if (detail.isPending) body = <Skeleton className="h-48 w-full rounded-xl" />;
  else if (detail.isError) body = <LoadError error={detail.error} who="administrators" what="this run" />;
  else {
    const d = detail.data;
    body = (
      <div className="flex flex-col gap-6">
        <section aria-labelledby="wf-events">
          <h3 id="wf-events" className="mb-2 text-sm font-semibold">
            What happened
          </h3>
          <ol className="flex flex-col gap-2 border-l border-border pl-4" data-testid="workflow-events">
            {d.events.map((e, i) => (
              <li key={i} className="text-sm">
                <span className="font-medium">{e.what}</span>
                <span className="ml-2 text-xs text-muted-foreground">
                  {when(e.at)}
                  {e.actor ? ` · ${e.actor}` : ''}
                </span>
                {e.detail ? <span className="block break-words text-xs text-muted-foreground">{e.detail}</span> : null}
              </li>
            ))}
          </ol>
        </section>
        {d.attempts.map((a) => (
          <section
            key={a.runId ?? a.attemptId}
            aria-label={`Attempt ${a.attempt}`}
            data-testid="workflow-attempt"
            className="flex flex-col gap-2"
          >
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="text-sm font-semibold">Attempt {a.attempt}</h3>
              {a.engine ? <Badge variant="secondary">{a.engine}</Badge> : null}
              {a.engineStatus ? (
                <Badge
                  variant="outline"
                  title="The run's status in the workflow engine (the workflow ended; the application's own status is above)"
                >
                  Engine: {a.engineStatus}
                </Badge>
              ) : null}
              {a.runId ? <span className="break-all font-mono text-xs text-muted-foreground">{a.runId}</span> : null}
              {a.url ? (
                <a
                  className="inline-flex items-center gap-1 text-xs text-primary underline-offset-4 hover:underline"
                  href={a.url}
                  target="_blank"
                  rel="noreferrer"
                >
                  Open in Temporal UI
                  <ExternalLink className="size-3" aria-hidden="true" />
                </a>
              ) : null}
            </div>
            {a.note ? <p className="text-sm text-muted-foreground">{a.note}</p> : null}
            {a.steps.length ? (
              <div className="overflow-x-auto">
                <table className="w-full min-w-[32rem] text-sm" aria-label={`Steps of attempt ${a.attempt}`}>
                  <thead className="text-left text-xs text-muted-foreground">
                    <tr>
                      <th className="py-1 pr-3 font-medium">Step</th>
                      <th className="py-1 pr-3 font-medium">Try</th>
                      <th className="py-1 pr-3 font-medium">Started</th>
                      <th className="py-1 pr-3 font-medium">Took</th>
                      <th className="py-1 font-medium">Error</th>
                    </tr>
                  </thead>
                  <tbody>
                    {a.steps.map((s, i) => (
                      <tr key={i} data-testid="workflow-step" className="border-t border-border align-top">
                        <td className="py-1 pr-3 font-medium">{s.name}</td>
                        <td className="py-1 pr-3 tabular-nums">{s.try > 1 ? `retry ${s.try - 1}` : '1'}</td>
                        <td className="whitespace-nowrap py-1 pr-3">{s.startedAt ? when(s.startedAt) : '—'}</td>
                        <td className="whitespace-nowrap py-1 pr-3 tabular-nums">
                          {duration(s.startedAt, s.endedAt) ?? (s.endedAt ? '—' : 'running')}
                        </td>
                        <td className="py-1 text-destructive">{s.error ?? ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
          </section>
        ))}
      </div>
    );
  }
  return (
    <Dialog
      open={run !== null}
      onOpenChange={(o) => !o && onClose()}
      title={title}
      description={run ? `${KIND_LABEL[run.kind]} · ${run.email ?? run.userId ?? ''}` : undefined}
      size="lg"
    >
      {body}
    </Dialog>
  );
}
