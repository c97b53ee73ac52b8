import { queuedLabel, type SkippedFirm } from '@fp/contracts';

/** How each skip reason reads in the toast ("Skipped 2: 1 already applied, 1 …"). */
const REASON: Record<SkippedFirm['reason'], [one: string, many: string]> = {
  already_applied: ['already applied', 'already applied'],
  in_progress: ['already under way', 'already under way'],
  no_website: ['without a website', 'without a website'],
  not_found: ['no longer in the database', 'no longer in the database'],
  reserved_domain: ['demo firm (reserved domain, never applied to)', 'demo firms (reserved domain, never applied to)'],
  unresolvable_domain: ['firm whose website does not exist', 'firms whose websites do not exist'],
  no_usable_form: ['firm without a usable online form', 'firms without a usable online form'],
  deck_required: [
    'firm whose form requires a pitch deck file (upload yours in Settings)',
    'firms whose forms require a pitch deck file (upload yours in Settings)',
  ],
  document_required: [
    'firm whose form requires a document you have not added (Settings → Documents)',
    'firms whose forms require a document you have not added (Settings → Documents)',
  ],
};

const n = (k: number) => k.toLocaleString('en-US');

/**
 * The submit toast's words: what was queued and charged, and what was skipped and why, per reason
 * with counts (skips are never charged).
 */
export function submitResultMessage(r: {
  creditsDeducted: number;
  submissionIds: string[];
  skipped: Pick<SkippedFirm, 'reason'>[];
}): { sent: number; description: string } {
  const sent = r.submissionIds.length;
  const parts = [
    sent > 0
      ? // Queued, not sent: a run has sent only once its form has gone.
        `${queuedLabel(sent)}, ${n(r.creditsDeducted)} ${r.creditsDeducted === 1 ? 'credit' : 'credits'} used.`
      : 'No application sent, no credits used.',
  ];
  if (r.skipped.length) {
    const counts = new Map<SkippedFirm['reason'], number>();
    for (const s of r.skipped) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
    const reasons = [...counts].map(([reason, k]) => `${n(k)} ${REASON[reason]?.[k === 1 ? 0 : 1] ?? reason}`);
    parts.push(`Skipped ${n(r.skipped.length)}: ${reasons.join(', ')}.`);
  }
  if (sent > 0) parts.push('Follow the progress on the Submissions page.');
  return { sent, description: parts.join(' ') };
}
