import {
  API_ROUTES,
  PIPELINE_STAGES,
  type InvestorKind,
  type PipelineCard,
  type PipelineStage,
  type UpdatePipelineCardRequest,
} from '@fp/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, apiRequestRaw } from '../../lib/api';
import { saveResponse } from '../../lib/download';

export const pipelineKeys = {
  all: ['pipeline'] as const,
  board: () => ['pipeline', 'board'] as const,
  history: (id: string) => ['pipeline', 'history', id] as const,
};

/** GET /api/pipeline: the founder's board. */
export const pipelineQueryOptions = () =>
  queryOptions({
    queryKey: pipelineKeys.board(),
    queryFn: async () => (await api('pipeline', 'GET')).cards,
    staleTime: 10_000,
    refetchInterval: 30_000,
  });

export const cardHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: pipelineKeys.history(id),
    queryFn: async () => (await api('pipelineEntryHistory', 'GET', { params: { id } })).history,
  });

export const addToPipeline = (investors: { investorId: string; investorKind: InvestorKind }[]) =>
  api('pipeline', 'POST', { body: { investors } });
export const updateCard = (id: string, patch: UpdatePipelineCardRequest) =>
  api('pipelineEntry', 'PATCH', { params: { id }, body: patch });
export const removeCard = (id: string) => api('pipelineEntry', 'DELETE', { params: { id } });

/** The board and everything drawn from it (dashboard follow-ups and funnel). */
export const refreshPipeline = (qc: QueryClient) => qc.invalidateQueries({ queryKey: pipelineKeys.all });

/** Local calendar day YYYY-MM-DD: a follow-up is due on the founder's own today. */
export function localDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const CLOSED: readonly PipelineStage[] = ['Committed', 'Passed'];

/** Open cards whose next follow-up is today or earlier, most overdue first. */
export function followUpsDue(cards: readonly PipelineCard[], today: string): PipelineCard[] {
  return cards
    .filter((c) => c.nextFollowUp !== null && c.nextFollowUp <= today && !CLOSED.includes(c.stage))
    .sort((a, b) => a.nextFollowUp!.localeCompare(b.nextFollowUp!) || a.name.localeCompare(b.name));
}

/** Cards per stage, in stage order (every stage present). */
export function stageCounts(cards: readonly PipelineCard[]): { stage: PipelineStage; count: number }[] {
  const n = new Map<PipelineStage, number>();
  for (const c of cards) n.set(c.stage, (n.get(c.stage) ?? 0) + 1);
  return PIPELINE_STAGES.map((stage) => ({ stage, count: n.get(stage) ?? 0 }));
}

export function formatAmount(amount: number | null): string {
  if (amount === null) return '';
  return amount.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
}

/** "Overdue by 3 days", "Due today", "In 2 days" */
export function followUpLabel(day: string, today: string): string {
  const diff = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  if (diff === 0) return 'Due today';
  if (diff < 0) return `Overdue by ${-diff} day${diff === -1 ? '' : 's'}`;
  return `In ${diff} day${diff === 1 ? '' : 's'}`;
}

/** GET /api/pipeline/export: the board as CSV, saved as a download. */
export async function exportPipeline(): Promise<{ fileName: string }> {
  return saveResponse(
    await apiRequestRaw(API_ROUTES.pipelineExport),
    `pipeline_export_${new Date().toISOString().slice(0, 10)}.csv`,
  );
}
