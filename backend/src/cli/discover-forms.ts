import { FORM_OUTCOME_LABELS, type FormDiscoveryRun, type FormOutcome } from '@fp/contracts';
import { createRuntime, type Runtime } from '../runtime';
import { CliError, type CliCommand, type Output } from './command';

/** Without a word of progress for this long, the run is taken as stuck (its workflow failed or no worker runs it). */
const QUIET_LIMIT_MS = 10 * 60_000;

const summary = (r: FormDiscoveryRun) =>
  Object.entries(r.counts)
    .map(([o, n]) => `${FORM_OUTCOME_LABELS[o as FormOutcome] ?? o} ${n}`)
    .join(', ') || 'nothing yet';

function parseStaleDays(v: unknown): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!/^\d+$/.test(String(v)) || !Number.isSafeInteger(n) || n > 3650)
    throw new CliError('--stale-days must be a whole number of days from 0 to 3650');
  return n;
}

async function follow(rt: Runtime, runId: string, out: Output): Promise<FormDiscoveryRun> {
  let last = -1;
  let quietSince = Date.now();
  for (;;) {
    const run = await rt.services.catalog.forms.run(runId);
    if (run && run.checked !== last) {
      last = run.checked;
      quietSince = Date.now();
      out.info(`[forms] ${run.checked}/${run.total} checked (${summary(run)})`);
    }
    if (run?.finishedAt) return run;
    if (Date.now() - quietSince > QUIET_LIMIT_MS)
      throw new CliError(
        `Discovery run ${runId} made no progress for ${QUIET_LIMIT_MS / 60_000} minutes; it resumes when a worker (npm start or this command) runs again.`,
      );
    await new Promise((r) => setTimeout(r, 500));
  }
}

export const discoverFormsCommands: CliCommand[] = [
  {
    name: 'catalog discover-forms',
    summary:
      "[--firm ID | --all] [--stale-days N] [--test]  visit firms' websites and record their application forms (default: firms not checked for 30 days)",
    options: {
      firm: { type: 'string' },
      all: { type: 'boolean' },
      'stale-days': { type: 'string' },
      test: { type: 'boolean' },
    },
    // Runs its own worker (the discovery job runs on the workflow engine), not the plain CLI runtime.
    standalone: true,
    async run(_rt, { values }, out) {
      if (values.firm !== undefined && values.all) throw new CliError('Use either --firm ID or --all, not both');
      if (values.firm !== undefined && (!String(values.firm).trim() || String(values.firm).length > 100))
        throw new CliError('--firm needs a firm id (at most 100 characters)');
      if (values['stale-days'] !== undefined && (values.firm !== undefined || values.all))
        throw new CliError('--stale-days picks the firms itself; it does not go with --firm or --all');
      const staleDays = parseStaleDays(values['stale-days']);
      // Its own executor id: this process recovers only the discovery runs it started, never an
      // app's submissions (DBOS recovers the unfinished workflows of its executor at launch).
      process.env.DBOS_EXECUTOR_ID ||= 'cli-forms';
      const rt = await createRuntime({
        role: 'all',
        listen: false,
        mount: (m) => m === 'catalog' || m === 'submissions',
        log: (m) => out.info(m),
      });
      try {
        const collection = values.test ? 'test' : 'vc';
        const actor = `operator:${process.env.USER ?? 'cli'}`;
        let runId: string;
        try {
          const started = await rt.services.catalog.forms.discover(
            { collection, firmId: values.firm, all: Boolean(values.all), staleDays },
            { now: new Date(), actor },
          );
          if (!started.runId) {
            out.result(
              { runId: null, total: 0, checked: 0, counts: {} },
              'Nothing to check: every firm was checked recently (use --all or --stale-days 0).',
            );
            return;
          }
          runId = started.runId;
          out.info(`[forms] run ${runId}: ${started.total} firm${started.total === 1 ? '' : 's'} to check`);
        } catch (err) {
          const current =
            (err as { code?: string }).code === 'discovery_running'
              ? (await rt.services.catalog.forms.overview(collection)).current
              : null;
          if (!current) throw err;
          runId = current.runId;
          out.info(`[forms] a run is already going (${runId}); following it`);
        }
        const run = await follow(rt, runId, out);
        const { total, checked, counts } = run;
        out.result({ runId, total, checked, counts }, `Checked ${checked} of ${total} firms: ${summary(run)}`);
      } finally {
        await rt.stop();
      }
    },
  },
];
