import { metricSourceLabel, type UpdateContent } from '@fp/contracts';
import { Plus, Trash2 } from 'lucide-react';
import type { Dispatch, SetStateAction } from 'react';
import { Button, Card, CardContent, CardHeader, CardTitle, Field, Input, Textarea } from '../../ui';

/** The update's text: subject, highlights, metrics (each with where its value came from), asks and lowlights. */
export function UpdateContentCard({
  content,
  setContent,
}: {
  content: UpdateContent;
  setContent: Dispatch<SetStateAction<UpdateContent>>;
}) {
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
  );
}
