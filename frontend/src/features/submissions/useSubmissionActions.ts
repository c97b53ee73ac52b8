import type { ListSubmissionsResponse, Submission, SubmissionActionResponse } from '@fp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { toast } from '../../ui/toast';
import {
  ACTION_REFRESH_DELAY_MS,
  fetchLiveUrl,
  refreshSubmissions,
  retrySubmission,
  stopSubmission,
  submissionKeys,
} from './queries';

/** The server's words for a refused action: its `message` (402 carries one) after its `error`. */
export function actionError(err: unknown): string {
  const body =
    err instanceof ApiError && err.body && typeof err.body === 'object'
      ? (err.body as { error?: unknown; message?: unknown })
      : null;
  if (body && typeof body.error === 'string')
    return typeof body.message === 'string' ? `${body.error}: ${body.message}` : body.error;
  return err instanceof Error && err.message ? err.message : 'The server did not answer. Try again in a moment.';
}

export function openLiveView(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * Row actions (spec §4): retry and stop refresh the list about a second later; a refusal (no
 * credits, not allowed) shows the server's own message. The live-URL fetch toasts what it found.
 */
export function useSubmissionActions(submission: Submission) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<null | 'retry' | 'stop' | 'live'>(null);
  const later = () => setTimeout(() => void refreshSubmissions(queryClient), ACTION_REFRESH_DELAY_MS);

  async function run(kind: 'retry' | 'stop', call: (id: string) => Promise<SubmissionActionResponse>) {
    setBusy(kind);
    try {
      const { submission: updated } = await call(submission.id);
      // Show the answer at once; the full refresh follows a second later.
      queryClient.setQueriesData<ListSubmissionsResponse>({ queryKey: [...submissionKeys.all, 'list'] }, (data) =>
        data ? { ...data, submissions: data.submissions.map((s) => (s.id === updated.id ? updated : s)) } : data,
      );
    } catch (err) {
      // The server says why (e.g. "Insufficient Credits: …", "This application can no longer be stopped").
      toast({
        title: kind === 'retry' ? 'Retry Failed' : 'Stop Failed',
        description: actionError(err),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
      later();
    }
  }

  return {
    busy,
    retry: () => run('retry', retrySubmission),
    stop: () => run('stop', stopSubmission),
    async fetchLive() {
      setBusy('live');
      try {
        const r = await fetchLiveUrl(submission.id);
        if (r.success && r.liveUrl) {
          toast({
            title: 'Live URL Found',
            description: 'The live view is ready. Use Watch Live to open it.',
            variant: 'success',
          });
          await refreshSubmissions(queryClient);
        } else {
          toast({
            title: 'Live URL Not Available',
            description: 'The browser has not opened yet. Try again in a moment.',
          });
        }
      } catch {
        toast({ title: 'Failed to fetch live URL', variant: 'destructive' });
      } finally {
        setBusy(null);
      }
    },
  };
}
