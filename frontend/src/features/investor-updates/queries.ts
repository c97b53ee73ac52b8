import type { EditInvestorUpdateRequest } from '@fp/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const updateKeys = {
  all: ['investor-updates'] as const,
  list: () => [...updateKeys.all, 'list'] as const,
  one: (id: string) => [...updateKeys.all, 'one', id] as const,
};

/** GET /api/investor-updates: drafts and sent updates with their delivery and deck-opening figures. */
export const updatesQueryOptions = () =>
  queryOptions({
    queryKey: updateKeys.list(),
    queryFn: async () => (await api('investorUpdates', 'GET')).updates,
    staleTime: 10_000,
  });

/** GET /api/investor-updates/:id: refreshed while sent messages are still on their way, and for new deck visits. */
export const updateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: updateKeys.one(id),
    queryFn: () => api('investorUpdate', 'GET', { params: { id } }),
    staleTime: 5_000,
    refetchInterval: (q) =>
      q.state.data?.status === 'sent'
        ? q.state.data.deliveries.some(
            (d) => d.status === 'queued' || d.status === 'retrying' || d.status === 'unknown',
          )
          ? 3_000
          : 30_000
        : false,
  });

export const createUpdate = () => api('investorUpdates', 'POST', { body: {} });
export const saveUpdate = (id: string, body: EditInvestorUpdateRequest) =>
  api('investorUpdate', 'PATCH', { params: { id }, body });
export const previewUpdate = (id: string, to?: string) =>
  api('investorUpdatePreview', 'POST', { params: { id }, body: to ? { to } : {} });
/** Send; `withoutOffLinks`: the founder chose to send recipients whose deck link is off without a link. */
export const sendUpdate = (id: string, body: { withoutOffLinks?: boolean } = {}) =>
  api('investorUpdateSend', 'POST', { params: { id }, body });
export const refreshUpdates = (qc: QueryClient) => qc.invalidateQueries({ queryKey: updateKeys.all });

/** Addresses typed by hand: one per line or separated by commas/spaces, lower-cased, each once. */
export function parseEmails(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}
