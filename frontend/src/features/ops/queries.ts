import { API_ROUTES, apiPath } from '@fp/contracts';
import type { OpsUser, UserRole, WorkflowKind } from '@fp/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequestRaw } from '../../lib/api';
import { toast } from '../../ui/toast';
import { accessOf } from '../../app/nav';
import { saveResponse } from '../../lib/download';
import { meQueryOptions } from '../accounts';

const opsKeys = {
  all: ['ops'] as const,
  summary: () => ['ops', 'summary'] as const,
  users: (q: string, page: number) => ['ops', 'users', q, page] as const,
  ledger: (email: string) => ['ops', 'ledger', email] as const,
  audits: () => ['ops', 'audits'] as const,
  audit: (id: string) => ['ops', 'audits', id] as const,
  refunds: () => ['ops', 'refunds'] as const,
};

/** Which Ops screens the signed-in user may open (the server enforces it; this only shapes the menu). */
export function useOpsAccess() {
  return accessOf(useQuery(meQueryOptions()).data?.roles ?? []);
}

/** The System page's figures, refreshed live. */
export const systemQueryOptions = () =>
  queryOptions({
    queryKey: ['ops', 'system'] as const,
    queryFn: () => api('opsSystem', 'GET'),
    refetchInterval: 5_000,
  });

export const opsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: opsKeys.summary(),
    queryFn: () => api('opsSummary', 'GET'),
    refetchInterval: 10_000,
  });

export const opsUsersQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: opsKeys.users(q, page),
    queryFn: () => api('opsUsers', 'GET', { query: { q, page } }),
    placeholderData: keepPreviousData,
  });

export const ledgerQueryOptions = (email: string) =>
  queryOptions({
    queryKey: opsKeys.ledger(email),
    queryFn: () => api('opsLedger', 'GET', { query: { email } }),
    enabled: email !== '',
    retry: false,
  });

/** Refunds the ledger has not taken yet; polled while any is pending (the background retry may land it). */
export const pendingRefundsQueryOptions = () =>
  queryOptions({
    queryKey: opsKeys.refunds(),
    queryFn: () => api('opsRefunds', 'GET'),
    refetchInterval: (q) => (q.state.data?.pending.length ? 10_000 : false),
  });

/**
 * An operator's "Retry now" on one pending refund; says whether it landed. The toasts are the hook's own
 * callbacks, not the button's: the last pending refund's list unmounts once it lands, and a callback passed
 * to `mutate` never fires after its component unmounts.
 */
export function useRetryRefund() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ref: { userId: string; reference: string }) => api('opsRefundRetry', 'POST', { body: ref }),
    onSuccess: (a) =>
      a.landed
        ? toast({
            title: 'Refund landed',
            description: `${refundCredits(a.refund.credits)} back to ${a.refund.user.email ?? a.refund.user.id}`,
            variant: 'success',
          })
        : toast({ title: 'The refund failed again', description: a.refund.lastError, variant: 'destructive' }),
    onError: (e) => toast({ title: 'Could not retry the refund', description: e.message, variant: 'destructive' }),
    onSettled: () => qc.invalidateQueries({ queryKey: opsKeys.refunds() }),
  });
}

/** "3 credits", "1 credit", or "—" when the refund's amount is unknown. */
export const refundCredits = (n: number | null) =>
  n === null ? '—' : `${n.toLocaleString('en-US')} credit${n === 1 ? '' : 's'}`;

/** Past runs; polled while one is under way so its progress bar moves. */
export const auditRunsQueryOptions = () =>
  queryOptions({
    queryKey: opsKeys.audits(),
    queryFn: async () => (await api('opsAudits', 'GET')).runs,
    refetchInterval: (q) => (q.state.data?.some((r) => r.status === 'running') ? 1000 : false),
  });

export const auditRunQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: opsKeys.audit(id ?? ''),
    queryFn: async () => (await api('opsAudit', 'GET', { params: { id: id! } })).run,
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 1000 : false),
  });

export function useStartAudit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api('opsAudits', 'POST')).run,
    onSuccess: () => qc.invalidateQueries({ queryKey: opsKeys.audits() }),
  });
}

export async function downloadAuditCsv(id: string) {
  return saveResponse(await apiRequestRaw(apiPath(API_ROUTES.opsAuditCsv, { id })), `ledger-audit-${id}.csv`);
}

type UserAction =
  | { kind: 'credits'; amount: number; reason: string }
  | { kind: 'grant-role'; role: UserRole }
  | { kind: 'revoke-role'; role: UserRole }
  | { kind: 'disable'; reason: string }
  | { kind: 'enable' };

/** An operator's action on a user; answers the user as now listed. */
export function useUserAction(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (a: UserAction): Promise<OpsUser> => {
      const params = { id: userId };
      switch (a.kind) {
        case 'credits':
          return (await api('opsUserCredits', 'POST', { params, body: { amount: a.amount, reason: a.reason } })).user;
        case 'grant-role':
          return (await api('opsUserRoles', 'POST', { params, body: { role: a.role } })).user;
        case 'revoke-role':
          return (await api('opsUserRole', 'DELETE', { params: { ...params, role: a.role } })).user;
        case 'disable':
          return (await api('opsUserDisable', 'POST', { params, body: { reason: a.reason } })).user;
        case 'enable':
          return (await api('opsUserEnable', 'POST', { params })).user;
      }
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['ops'] }),
  });
}

export interface WorkflowFilters {
  kind: WorkflowKind;
  status: string;
  user: string;
  from: string;
  to: string;
}
/** The console as it opens (and as "switch kind" resets it): applications, unfiltered. */
export const EMPTY_WORKFLOW_FILTERS: WorkflowFilters = { kind: 'submission', status: '', user: '', from: '', to: '' };

/** One page of runs (keyset cursor); refreshed every 3 s so statuses and counts stay live. */
export const workflowsQueryOptions = (f: WorkflowFilters, cursor: string | null) =>
  queryOptions({
    queryKey: ['ops', 'workflows', f, cursor] as const,
    queryFn: () =>
      api('opsWorkflows', 'GET', {
        query: {
          kind: f.kind,
          status: f.status,
          user: f.user,
          from: f.from ? new Date(f.from).toISOString() : '',
          to: f.to ? new Date(f.to).toISOString() : '',
          cursor: cursor ?? '',
          limit: 50,
        },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 3000,
  });

/**
 * A founder's balance as the server holds it now (GET /api/ops/users, matched by id): what the
 * operator's "Spend 1 of …'s N credits?" shows before a Retry charges the founder. Null if not found.
 */
export async function founderBalance(userId: string, email: string): Promise<number | null> {
  const r = await api('opsUsers', 'GET', { query: { q: email, page: 1 } });
  return r.users.find((u) => u.id === userId)?.balance ?? null;
}

/**
 * Stop or Retry a run: the founder's own commands, run by the server for the owner. `what` names the run
 * in the toast. The toasts are the hook's own callbacks: a retried run leaves a list filtered to failed
 * runs, its row unmounts, and a callback passed to `mutate` would then never fire.
 */
export function useWorkflowAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'stop' | 'retry'; what: string }) =>
      api(action === 'stop' ? 'opsWorkflowStop' : 'opsWorkflowRetry', 'POST', { params: { id } }),
    onSuccess: (_, { action, what }) =>
      toast({ title: action === 'stop' ? 'Stop requested' : 'Retry started', description: what, variant: 'success' }),
    onError: (e, { action }) =>
      toast({
        title: action === 'stop' ? 'Could not stop' : 'Could not retry',
        description: e.message,
        variant: 'destructive',
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['ops', 'workflows'] }),
  });
}

/** One run with its events and, per attempt, the steps its engine recorded; live while it runs. */
export const workflowDetailQueryOptions = (kind: WorkflowKind, id: string) =>
  queryOptions({
    queryKey: ['ops', 'workflows', 'detail', kind, id] as const,
    queryFn: () => api('opsWorkflow', 'GET', { params: { id }, query: { kind } }),
    refetchInterval: (q) =>
      q.state.data &&
      (q.state.data.run.endedAt || q.state.data.run.status === 'sent' || q.state.data.run.status === 'failed')
        ? false
        : 3000,
  });
export type FormsCollection = 'vc' | 'test';
/** The registry the forms screen opens on. */
export const FIRST_FORMS_COLLECTION: FormsCollection = 'vc';

/** The registry's overview; polled every second while a discovery run goes, so its progress bar moves. */
export const formsOverviewQueryOptions = (collection: FormsCollection) =>
  queryOptions({
    queryKey: ['ops', 'forms', collection] as const,
    queryFn: () => api('opsForms', 'GET', { query: { collection } }),
    refetchInterval: (q) => (q.state.data?.current ? 1000 : 10_000),
  });

/** Starts a discovery run over the firms not checked recently (the server picks them). */
export function useStartFormDiscovery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (collection: FormsCollection) => api('opsFormsDiscover', 'POST', { body: { collection } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['ops', 'forms'] }),
  });
}
