import { ACTION_PRICES, withCost, type Submission } from '@fp/contracts';
import { Eye, Hand, MessageCircleQuestion, MonitorPlay, Radio, RotateCcw, Square } from 'lucide-react';
import { Button } from '../../ui/Button';
import { useSpendConfirmation } from '../credits';
import { useOpenAnswers } from './AnswerQuestionsDialog';
import { canFetchLiveUrl, needsAnswers, needsTakeover, primaryAction } from './format';
import { openLiveView, useSubmissionActions } from './useSubmissionActions';

/** What a retry costs (the server charges one credit per retry that starts). */
const RETRY_COST = ACTION_PRICES.vc_application;

/** Primary action (live view in a new tab, else details), Retry for failed, Stop and live-URL fetch for processing rows. */
export function SubmissionActions({
  submission,
  onDetails,
  layout = 'row',
}: {
  submission: Submission;
  onDetails: () => void;
  layout?: 'row' | 'card';
}) {
  const a = useSubmissionActions(submission);
  const live = primaryAction(submission) === 'live';
  const full = layout === 'card' ? 'flex-1 min-w-[8rem]' : undefined;
  const openAnswers = useOpenAnswers();
  const asking = needsAnswers(submission);
  // A retry is charged one credit: asked first, with the server's balance.
  const spend = useSpendConfirmation();
  const retry = async () => {
    if (await spend.confirm(RETRY_COST, `Retry the application to ${submission.vcFirm.name}`)) await a.retry();
  };
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {asking ? (
        <Button size="sm" className={full} onClick={() => openAnswers(submission)}>
          <MessageCircleQuestion aria-hidden="true" /> Answer questions
        </Button>
      ) : null}
      {asking ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={onDetails}
          aria-label={`Details of the application to ${submission.vcFirm.name}`}
        >
          <Eye aria-hidden="true" />
        </Button>
      ) : live ? (
        <Button size="sm" className={full} onClick={() => openLiveView(submission.liveUrl!)}>
          {needsTakeover(submission) ? (
            <>
              <Hand aria-hidden="true" /> Take over
            </>
          ) : (
            <>
              <MonitorPlay aria-hidden="true" /> Watch Live
            </>
          )}
        </Button>
      ) : (
        <Button size="sm" variant="outline" className={full} onClick={onDetails}>
          <Eye aria-hidden="true" /> View Details
        </Button>
      )}
      {live && !asking ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={onDetails}
          aria-label={`Details of the application to ${submission.vcFirm.name}`}
        >
          <Eye aria-hidden="true" />
        </Button>
      ) : null}
      {canFetchLiveUrl(submission) ? (
        <Button
          size="sm"
          variant="secondary"
          className={full}
          loading={a.busy === 'live'}
          onClick={() => void a.fetchLive()}
        >
          {a.busy === 'live' ? null : <Radio aria-hidden="true" />} Find Live View
        </Button>
      ) : null}
      {submission.status === 'failed' && submission.canRetry ? (
        <Button
          size="sm"
          variant="secondary"
          className={full}
          loading={a.busy === 'retry'}
          onClick={() => void retry()}
        >
          {a.busy === 'retry' ? null : <RotateCcw aria-hidden="true" />} {withCost('Retry', RETRY_COST)}
        </Button>
      ) : null}
      {spend.dialog}
      {(submission.status === 'processing' || submission.status === 'pending') && submission.canStop ? (
        <Button
          size="sm"
          variant="destructive"
          className={full}
          loading={a.busy === 'stop'}
          onClick={() => void a.stop()}
        >
          {a.busy === 'stop' ? null : <Square aria-hidden="true" />} Stop
        </Button>
      ) : null}
    </div>
  );
}
