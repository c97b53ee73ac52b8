import { statusLabel, TAKEOVER_REASON_TEXT, type Submission } from '@fp/contracts';
import type { BadgeVariant } from '../../ui/Badge';

export { statusLabel, successRate, successRateLabel } from '@fp/contracts';

export const STATUS_VARIANT: Record<Submission['status'], BadgeVariant> = {
  pending: 'secondary',
  processing: 'default',
  completed: 'success',
  failed: 'destructive',
  stopped: 'warning',
};

/** The notes column: what happened, or why it failed, or where it stands. */
export function notesFor(
  s: Pick<Submission, 'status' | 'summary' | 'error'> & Partial<Pick<Submission, 'submissionStatus' | 'takeover'>>,
): string {
  if (s.status === 'processing' && s.submissionStatus === 'waiting_for_takeover')
    return `${TAKEOVER_REASON_TEXT[s.takeover?.reason ?? 'captcha']}: take over in the live view, then press Continue. Nothing has been sent.`;
  if (s.summary) return s.summary;
  if (s.error) return s.error;
  if (s.status === 'pending') return 'Waiting for a free browser…';
  if (s.status === 'processing') return 'The browser is working on the application…';
  return '';
}

/** What the row's primary action does: open the live view (a new tab) when there is one, else the details. */
export function primaryAction(s: Pick<Submission, 'liveUrl'>): 'live' | 'details' {
  return s.liveUrl ? 'live' : 'details';
}

export function canFetchLiveUrl(
  s: Pick<Submission, 'status' | 'taskId' | 'liveUrl'> & Partial<Pick<Submission, 'submissionStatus'>>,
): boolean {
  // A run paused for answers has no browser open: there is no live view to fetch.
  return s.status === 'processing' && !!s.taskId && !s.liveUrl && s.submissionStatus !== 'waiting_for_input';
}

/** A run paused before sending, for questions only the founder can answer (sub-status waiting_for_input). */
export const needsAnswers = (s: Pick<Submission, 'status' | 'submissionStatus'>) =>
  s.status === 'processing' && s.submissionStatus === 'waiting_for_input';

/** A run waiting at a CAPTCHA or login wall for the founder to take over its browser (sub-status waiting_for_takeover). */
export const needsTakeover = (s: Pick<Submission, 'status' | 'submissionStatus'>) =>
  s.status === 'processing' && s.submissionStatus === 'waiting_for_takeover';

/** '2 min 5 s' for a takeover's length. */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
}

export const subStatusLabel = (s: Pick<Submission, 'submissionStatus'>) =>
  s.submissionStatus ? statusLabel(s.submissionStatus) : null;
