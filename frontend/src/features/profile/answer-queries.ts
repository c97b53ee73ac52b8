import { API_ROUTES, apiPath } from '@fp/contracts';
import type { AnswersResponse, LibraryAnswer } from '@fp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

export const answerKeys = { all: ['answers'] as const };

/** GET /api/answers: the founder's own answers, then the profile's long fields as answers. */
export const answersQueryOptions = () =>
  queryOptions({
    queryKey: answerKeys.all,
    queryFn: async () => (await apiRequest<AnswersResponse>(API_ROUTES.answers)).answers,
    staleTime: 30_000,
  });

const at = (id: string) => apiPath(API_ROUTES.answer, { id });
export const saveAnswer = (body: { question: string; answer: string }) =>
  apiRequest<{ answer: LibraryAnswer }>(API_ROUTES.answers, { method: 'POST', body });
export const updateAnswer = (id: string, body: { question?: string; answer?: string }) =>
  apiRequest<{ answer: LibraryAnswer }>(at(id), { method: 'PATCH', body });
export const deleteAnswer = (id: string) => apiRequest<{ success: true }>(at(id), { method: 'DELETE' });
