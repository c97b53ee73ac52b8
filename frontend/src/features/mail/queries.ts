import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The mailbox's list (every e-mail sent, or those to one address), refreshed every 10 s. */
export const mailboxQueryOptions = (to: string) =>
  queryOptions({
    queryKey: ['mailbox', to] as const,
    queryFn: () => api('mailbox', 'GET', { query: { to, limit: 200 } }),
    refetchInterval: 10_000,
  });

/** One e-mail as sent (headers, text and HTML). */
export const mailboxMessageQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: ['mailbox', 'message', id] as const,
    queryFn: () => api('mailboxMessage', 'GET', { params: { id: id! } }),
    enabled: id !== null,
  });
