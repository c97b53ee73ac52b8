import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const answerKeys = { all: ['answers'] as const };

/** GET /api/answers: the founder's own answers, then the profile's long fields as answers. */
export const answersQueryOptions = () =>
  queryOptions({
    queryKey: answerKeys.all,
    queryFn: async () => (await api('answers', 'GET')).answers,
    staleTime: 30_000,
  });

export const saveAnswer = (body: { question: string; answer: string }) => api('answers', 'POST', { body });
export const updateAnswer = (id: string, body: { question?: string; answer?: string }) =>
  api('answer', 'PATCH', { params: { id }, body });
export const deleteAnswer = (id: string) => api('answer', 'DELETE', { params: { id } });
