import { NEEDS_YOU_IN_LIVE_VIEW, NEEDS_YOUR_ANSWERS, type Submission } from '@fp/contracts';
import { Hand, Loader2, MessageCircleQuestion } from 'lucide-react';
import { Badge } from '../../ui/Badge';
import { needsAnswers, needsTakeover, STATUS_VARIANT, statusLabel, subStatusLabel } from './format';

/** Status badge and the sub-status as a second badge (spec §4). */
export function StatusBadges({ submission }: { submission: Pick<Submission, 'status' | 'submissionStatus'> }) {
  const sub = subStatusLabel(submission);
  if (needsTakeover(submission))
    return (
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge variant="warning" data-testid="status-badge">
          <Hand aria-hidden="true" /> {NEEDS_YOU_IN_LIVE_VIEW}
        </Badge>
      </div>
    );
  if (needsAnswers(submission))
    return (
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge variant="warning" data-testid="status-badge">
          <MessageCircleQuestion aria-hidden="true" /> {NEEDS_YOUR_ANSWERS}
        </Badge>
        <Badge variant="outline" className="text-muted-foreground" data-testid="sub-status-badge">
          {sub}
        </Badge>
      </div>
    );
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <Badge variant={STATUS_VARIANT[submission.status]} data-testid="status-badge">
        {submission.status === 'processing' ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {statusLabel(submission.status)}
      </Badge>
      {sub ? (
        <Badge variant="outline" className="text-muted-foreground" data-testid="sub-status-badge">
          {sub}
        </Badge>
      ) : null}
    </div>
  );
}
