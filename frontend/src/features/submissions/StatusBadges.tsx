import { NEEDS_YOU_IN_LIVE_VIEW, NEEDS_YOUR_ANSWERS, type Submission } from '@fp/contracts';
import { Hand, Loader2, MessageCircleQuestion } from 'lucide-react';
import { Badge } from '../../ui/Badge';
import { needsAnswers, needsTakeover, STATUS_VARIANT, statusLabel, subStatusLabel } from './format';

/** Status badge and the sub-status as a second badge (spec §4); a run waiting for the founder says what it needs. */
export function StatusBadges({ submission }: { submission: Pick<Submission, 'status' | 'submissionStatus'> }) {
  const sub = subStatusLabel(submission);
  // Waiting for the founder: one badge saying what for (the takeover's sub-status would only repeat it).
  const waitingFor = needsTakeover(submission)
    ? { icon: <Hand aria-hidden="true" />, text: NEEDS_YOU_IN_LIVE_VIEW, sub: null }
    : needsAnswers(submission)
      ? { icon: <MessageCircleQuestion aria-hidden="true" />, text: NEEDS_YOUR_ANSWERS, sub }
      : null;
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {waitingFor ? (
        <Badge variant="warning" data-testid="status-badge">
          {waitingFor.icon} {waitingFor.text}
        </Badge>
      ) : (
        <Badge variant={STATUS_VARIANT[submission.status]} data-testid="status-badge">
          {submission.status === 'processing' ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {statusLabel(submission.status)}
        </Badge>
      )}
      {(waitingFor ? waitingFor.sub : sub) ? (
        <Badge variant="outline" className="text-muted-foreground" data-testid="sub-status-badge">
          {waitingFor ? waitingFor.sub : sub}
        </Badge>
      ) : null}
    </div>
  );
}
