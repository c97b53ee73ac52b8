import type { OpsWorkflowAttempt, OpsWorkflowDetail, OpsWorkflowEvent, WorkflowKind } from '@fp/contracts';
import { eventTime, type RecordedEvent } from '@fp/infra';
import type { OpsContext } from './context';
import { discoveryRun, mailRun } from './list-workflows';

const at = eventTime;

/** What an event of a submission's stream says, in the console's words (unknown types by name). */
function describeSubmissionEvent(e: RecordedEvent): { what: string; detail: string | null } {
  const d = e.data as Record<string, any>;
  switch (e.type) {
    case 'SubmissionRequested':
      return { what: 'Submitted', detail: d.firm?.name ?? null };
    case 'SubmissionStarted':
      return { what: 'Attempt started', detail: `${d.engine} run ${d.taskId}` };
    case 'SubmissionLiveViewOpened':
      return { what: 'Browser open (live view)', detail: null };
    case 'SubmissionFormFilled':
      return { what: 'Form filled, about to send', detail: null };
    case 'SubmissionCompleted':
      return { what: 'Completed', detail: d.confirmationText ?? d.summary ?? null };
    case 'SubmissionFailed':
      return { what: 'Failed', detail: [d.error, d.errorKind && `(${d.errorKind})`].filter(Boolean).join(' ') || null };
    case 'SubmissionStopRequested':
      return { what: 'Stop requested', detail: null };
    case 'SubmissionStopped':
      return { what: 'Stopped', detail: d.formSent ? 'after the form was sent' : 'before the form was sent' };
    case 'SubmissionRetried':
      return { what: `Retried as attempt ${d.attempt}`, detail: null };
    case 'SubmissionCreditRefunded':
      return { what: 'Credit refunded', detail: d.reason ?? null };
    case 'SubmissionInputRequested':
      return {
        what: "Waiting for the founder's answers",
        detail: (d.questions ?? []).map((q: { question: string }) => q.question).join(' · ') || null,
      };
    case 'SubmissionInputGiven':
      return { what: 'Founder answered; the run continues', detail: null };
    case 'SubmissionTakeoverRequested':
      return {
        what: 'Waiting for the founder in the live view',
        detail: `${d.reason === 'captcha' ? 'CAPTCHA' : 'Login wall'}, until ${d.deadline}`,
      };
    case 'SubmissionTakeoverStarted':
      return { what: 'Founder took over the browser', detail: null };
    case 'SubmissionTakeoverHandedBack':
      return { what: 'Founder handed the browser back (Continue)', detail: null };
    case 'SubmissionTakeoverEnded':
      return { what: `Takeover ended (${d.how})`, detail: `${Math.round((d.durationMs ?? 0) / 1000)} s` };
    default:
      return { what: e.type.replace(/^Submission/, '').replace(/([a-z])([A-Z])/g, '$1 $2'), detail: null };
  }
}

function describeMailEvent(e: RecordedEvent): { what: string; detail: string | null } {
  const d = e.data as Record<string, any>;
  switch (e.type) {
    case 'MailQueued':
      return { what: 'Queued', detail: `${d.template} to ${d.to}` };
    case 'MailSent':
      return { what: `Sent (try ${d.attempt})`, detail: `${d.transport}${d.providerId ? ` ${d.providerId}` : ''}` };
    case 'MailAttemptFailed':
      return { what: `Try ${d.attempt} failed`, detail: `${d.error}; next try ${d.retryAt}` };
    case 'MailFailed':
      return { what: `Given up after try ${d.attempt}`, detail: d.error ?? null };
    default:
      return { what: e.type, detail: null };
  }
}

function describeDiscoveryEvent(e: RecordedEvent): { what: string; detail: string | null } {
  const d = e.data as Record<string, any>;
  switch (e.type) {
    case 'FormDiscoveryStarted':
      return {
        what: 'Started',
        detail: `${d.firmIds?.length ?? 0} firms${d.staleDays != null ? `, not checked for ${d.staleDays} days` : ''}`,
      };
    case 'FormDiscoveryFinished':
      return { what: 'Finished', detail: `${d.checked} firms checked` };
    default:
      return { what: e.type, detail: null };
  }
}

/** An actor's account id: a user's id, or an operator's written `operator:<id>`. */
const actorId = (actor: string) => actor.replace(/^operator:/, '');

/** Events with their actors as e-mails where the actor is a user (system actors keep their names). */
async function timeline(
  ctx: OpsContext,
  events: RecordedEvent[],
  describe: (e: RecordedEvent) => { what: string; detail: string | null },
): Promise<OpsWorkflowEvent[]> {
  const actors = [...new Set(events.map((e) => e.metadata.actor).filter((a): a is string => typeof a === 'string'))];
  const emails = await ctx.accounts.emails(actors.map(actorId));
  return events.map((e) => {
    const actor = typeof e.metadata.actor === 'string' ? e.metadata.actor : null;
    return { at: at(e), ...describe(e), actor: actor ? (emails.get(actorId(actor)) ?? actor) : null };
  });
}

/**
 * Each attempt of a submission with what its engine recorded: the engine's status of the run and
 * its steps (begin, apply and its retries with their backoff sleeps, finish), read from the engine
 * in use (DBOS's tables or Temporal's visibility and history).
 */
async function submissionAttempts(ctx: OpsContext, events: RecordedEvent[]): Promise<OpsWorkflowAttempt[]> {
  const attempts: OpsWorkflowAttempt[] = [];
  for (const e of events) {
    const d = e.data as Record<string, any>;
    if (e.type === 'SubmissionRequested' || e.type === 'SubmissionRetried') {
      attempts.push({
        attempt: e.type === 'SubmissionRequested' ? 1 : d.attempt,
        attemptId: d.attemptId,
        engine: null,
        runId: null,
        engineStatus: null,
        url: null,
        steps: [],
        note: 'Not picked up by the workflow engine yet',
      });
    } else if (e.type === 'SubmissionStarted') {
      const a = attempts.findLast((x) => x.attemptId === d.attemptId);
      // An attempt that waited for the founder's answers continues as a new workflow run: listed again.
      if (a?.runId) attempts.push({ ...a, engine: d.engine, runId: d.taskId, note: null });
      else if (a) Object.assign(a, { engine: d.engine, runId: d.taskId, note: null });
    }
  }
  return Promise.all(
    attempts.map((a) =>
      a.runId && a.engine
        ? engineAttempt(ctx, { attempt: a.attempt, attemptId: a.attemptId, engine: a.engine, runId: a.runId })
        : a,
    ),
  );
}

/** One engine run as the engine recorded it: its status, steps and UI link, or why they are missing. */
async function engineAttempt(
  ctx: OpsContext,
  a: Pick<OpsWorkflowAttempt, 'attempt' | 'attemptId'> & { engine: string; runId: string },
): Promise<OpsWorkflowAttempt> {
  const base: OpsWorkflowAttempt = { engineStatus: null, url: null, steps: [], note: null, ...a };
  if (a.engine !== ctx.history.kind)
    return { ...base, note: `Run on ${a.engine}; this server reads ${ctx.history.kind}` };
  try {
    const h = await ctx.history.run(a.runId);
    if (!h)
      return {
        ...base,
        note: 'The workflow engine has no record of this run (not started yet, or its history was cleaned up)',
      };
    return { ...base, engineStatus: h.status, url: h.url, steps: h.steps };
  } catch (err) {
    return { ...base, note: `The workflow engine could not be read: ${(err as Error).message}` };
  }
}

/** One run of the console with its history, or null when there is no such run of that kind. */
export async function workflowDetail(
  ctx: OpsContext,
  kind: WorkflowKind,
  id: string,
): Promise<OpsWorkflowDetail | null> {
  if (kind === 'discovery') {
    const [row] = (await ctx.catalog.forms.runs({ ids: [id], limit: 1 })).rows;
    if (!row) return null;
    const events = await ctx.catalog.forms.events(id);
    const counts = Object.entries(row.counts)
      .map(([outcome, n]) => `${outcome.replace(/_/g, ' ')} ${n}`)
      .join(' · ');
    const timelineEvents = await timeline(ctx, events, describeDiscoveryEvent);
    if (counts)
      timelineEvents.push({
        at: row.finishedAt ?? ctx.clock.now().toISOString(),
        what: row.finishedAt ? 'Outcomes' : 'Outcomes so far',
        detail: counts,
        actor: null,
      });
    return {
      run: discoveryRun(row),
      events: timelineEvents,
      attempts: [
        await engineAttempt(ctx, {
          attempt: 1,
          attemptId: id,
          engine: ctx.history.kind,
          runId: `form-discovery-${id}`,
        }),
      ],
    };
  }
  if (kind === 'mail') {
    const [row] = (await ctx.mail.runs({ ids: [id], limit: 1 })).rows;
    if (!row) return null;
    const events = await ctx.mail.events(id);
    // Each try of the job is a step: its end is when its result was recorded.
    const steps = events
      .filter((e) => e.type === 'MailSent' || e.type === 'MailAttemptFailed' || e.type === 'MailFailed')
      .map((e) => ({
        name: 'send',
        try: Number((e.data as { attempt: number }).attempt),
        startedAt: null,
        endedAt: at(e),
        error: (e.data as { error?: string }).error ?? null,
      }));
    return {
      run: mailRun(row),
      events: await timeline(ctx, events, describeMailEvent),
      attempts: [
        {
          attempt: 1,
          attemptId: id,
          engine: 'mail job',
          runId: id,
          engineStatus: row.status,
          url: null,
          steps,
          note: steps.length ? null : 'Not tried yet',
        },
      ],
    };
  }
  const row = await ctx.submissions.run(id);
  if (!row) return null;
  const events = await ctx.submissions.events(id);
  const email = (await ctx.accounts.emails([row.userId])).get(row.userId) ?? null;
  return {
    run: { ...row, kind: 'submission', email },
    events: await timeline(ctx, events, describeSubmissionEvent),
    attempts: await submissionAttempts(ctx, events),
  };
}
