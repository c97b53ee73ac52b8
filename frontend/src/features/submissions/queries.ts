import type { Submission, SubmissionStatsResponse } from '@fp/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, sendKeyed } from '../../lib/api';

/** The tabs of the screen; `processing` also holds submissions still waiting for a browser. */
export type SubmissionTab = 'all' | 'processing' | 'completed' | 'failed';

export const LIST_LIMIT = 100;
const LIST_REFRESH_MS = 15_000;
/** The stats are also refetched each time the list is (SubmissionsPage), so both show one moment. */
const STATS_REFRESH_MS = LIST_REFRESH_MS;
/** Retry and Stop refresh the list about a second later (spec §4). */
export const ACTION_REFRESH_DELAY_MS = 1000;

export const submissionKeys = {
  all: ['submissions'] as const,
  list: (tab: SubmissionTab) => ['submissions', 'list', tab] as const,
  stats: () => ['submissions', 'stats'] as const,
};

export const ZERO_STATS: SubmissionStatsResponse = {
  total: 0,
  completed: 0,
  processing: 0,
  failed: 0,
  stopped: 0,
  successRate: null,
};

/** GET /api/submissions?limit&status — refreshed every 15 s. */
export const submissionsQueryOptions = (tab: SubmissionTab) =>
  queryOptions({
    queryKey: submissionKeys.list(tab),
    queryFn: () => api('submissions', 'GET', { query: { limit: LIST_LIMIT, status: tab } }),
    staleTime: 5_000,
    refetchInterval: LIST_REFRESH_MS,
  });

/** GET /api/submission-stats — refreshed with the list. */
export const submissionStatsQueryOptions = () =>
  queryOptions({
    queryKey: submissionKeys.stats(),
    queryFn: () => api('submissionStats', 'GET'),
    staleTime: 10_000,
    refetchInterval: STATS_REFRESH_MS,
  });

/** GET /api/submissions/{id}/questions: what a paused run asks, with saved answers and drafts. */
export const questionsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['submissions', 'questions', id] as const,
    queryFn: () => api('submissionQuestions', 'GET', { params: { id } }),
    staleTime: 0,
  });
export const answerSubmission = (id: string, answers: { question: string; answer: string }[]) =>
  api('submissionAnswers', 'POST', { params: { id }, body: { answers } });

/** Paid (one credit): sent with an Idempotency-Key, so an automatic resend starts and charges one retry. */
export const retrySubmission = (id: string) =>
  sendKeyed((headers) => api('submissionRetry', 'POST', { params: { id }, headers }));
export const stopSubmission = (id: string) => api('submissionStop', 'POST', { params: { id } });
export const fetchLiveUrl = (id: string) => api('submissionFetchLiveUrl', 'POST', { params: { id } });

/** Everything that shows submissions (this screen, the dashboard's stats and chart, the credit badge). */
export function refreshSubmissions(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: submissionKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['credits'] }),
  ]).then(() => undefined);
}

export const isActive = (s: Pick<Submission, 'status'>) => s.status === 'pending' || s.status === 'processing';
