import { CARD_NOT_FOUND, pipelineStream, type PipelineEvent, type PipelineHistoryEntry } from '@fp/contracts';
import type { EventStore } from '@fp/infra';
import { eventTime } from '@fp/infra';
import { DomainError } from '../../platform/decider';

const LABEL: Record<string, string> = {
  notes: 'notes',
  nextFollowUp: 'next follow-up',
  introducedBy: 'introduced by',
  amount: 'amount',
  passReason: 'pass reason',
};

const money = (n: number) => `$${n.toLocaleString('en-US')}`;

function describe(ev: PipelineEvent): Pick<PipelineHistoryEntry, 'kind' | 'summary'> {
  switch (ev.type) {
    case 'PipelineCardAdded':
      return {
        kind: 'added',
        summary:
          ev.data.source === 'submission' ? `Added in ${ev.data.stage} by an application` : `Added in ${ev.data.stage}`,
      };
    case 'PipelineCardMoved':
      return {
        kind: 'moved',
        summary: `Moved from ${ev.data.from} to ${ev.data.to}${ev.data.passReason ? ` (reason: ${ev.data.passReason})` : ''}`,
      };
    case 'PipelineCardEdited':
      return {
        kind: 'edited',
        // In the form's order (stored JSON does not keep key order).
        summary: Object.keys(LABEL)
          .filter((k) => k in ev.data.changes)
          .map((k) => [k, ev.data.changes[k as keyof typeof ev.data.changes]] as const)
          .map(([k, v]) =>
            v === null
              ? `Cleared ${LABEL[k]}`
              : `Set ${LABEL[k]} to ${k === 'amount' ? money(v as number) : k === 'notes' ? `"${String(v).slice(0, 80)}"` : v}`,
          )
          .join('; '),
      };
    case 'PipelineSubmissionLinked':
      return { kind: 'linked', summary: 'Application submitted' };
    case 'PipelineCardRemoved':
      return { kind: 'removed', summary: 'Removed from the pipeline' };
    case 'PipelineDeckVisited':
      return { kind: 'deck_visit', summary: `Opened your deck${ev.data.email ? ` (${ev.data.email})` : ''}` };
  }
}

/** Every change of one card with its time, oldest first, from the founder's stream (404 when it is not theirs). */
export async function cardHistory(store: EventStore, userId: string, cardId: string): Promise<PipelineHistoryEntry[]> {
  const { events } = await store.readStream(pipelineStream(userId));
  const mine = events.filter((e) => (e.data as PipelineEvent['data']).cardId === cardId);
  if (!mine.length) throw new DomainError(CARD_NOT_FOUND, 404, 'not_found');
  return mine.map((e) => ({
    at: eventTime(e),
    actor: e.metadata.actor ?? null,
    ...describe({ type: e.type, data: e.data } as PipelineEvent),
  }));
}
