import type { OpsSummary } from '@fp/contracts';
import { listAuditRuns } from './audit-runs';
import type { OpsContext } from './context';

/** The operators' home tiles: submissions under way and failed, the last audit, the mail backlog, accounts. */
export async function operatorSummary(ctx: OpsContext): Promise<OpsSummary> {
  const [submissions, runs, mail, users] = await Promise.all([ctx.submissions.runCounts(), listAuditRuns(ctx, 1), ctx.mail.backlog(), ctx.accounts.counts()]);
  return { submissions, lastAudit: runs[0] ?? null, mail, users };
}
