import type { OpsSummary } from '@fp/contracts';
import { listAuditRuns } from './audit-runs';
import type { OpsContext } from './context';

/** The operators' home tiles: submissions under way and failed, the last audit, the mail backlog, accounts, investor data. */
export async function operatorSummary(ctx: OpsContext): Promise<OpsSummary> {
  const [submissions, runs, mail, users, sources, forms] = await Promise.all([
    ctx.submissions.runCounts(),
    listAuditRuns(ctx, 1),
    ctx.mail.backlog(),
    ctx.accounts.counts(),
    ctx.catalog.sources(),
    ctx.catalog.forms.overview('vc'),
  ]);
  const real = sources.filter((s) => !s.demo);
  const lastImportAt =
    real
      .map((s) => s.lastImportAt)
      .sort()
      .at(-1) ?? null;
  return {
    submissions,
    lastAudit: runs[0] ?? null,
    mail,
    users,
    data: {
      realRecords: real.reduce((n, s) => n + s.records, 0),
      lastImportAt,
      demo: sources.some((s) => s.demo),
      formsStale: forms.stale,
      formsStaleDays: forms.staleDays,
      formsRunning: forms.current !== null,
    },
  };
}
