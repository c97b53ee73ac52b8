import { PIPELINE_STAGES, type PipelineCard, type PipelineStage } from '@fp/contracts';
import {
  DndContext, DragOverlay, KeyboardSensor, PointerSensor, rectIntersection, useDraggable, useDroppable, useSensor, useSensors,
  type Announcements, type DragEndEvent, type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { CalendarClock, GripVertical } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn';
import { Badge } from '../../ui';
import { followUpLabel, formatAmount } from './queries';

/**
 * Keyboard moves jump a whole column: ←/→ (and ↑/↓, for the stacked phone layout) put the card on
 * the previous or next stage's column.
 */
const byColumn: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const step = event.code === 'ArrowRight' || event.code === 'ArrowDown' ? 1 : event.code === 'ArrowLeft' || event.code === 'ArrowUp' ? -1 : 0;
  if (!step) return undefined;
  event.preventDefault();
  // The column under the card now: where the last key put it (the collision result may lag a key press).
  const columns = PIPELINE_STAGES.map((stage) => ({ stage, rect: context.droppableRects.get(stage) }));
  const here = columns.find(({ rect }) => rect && currentCoordinates.x >= rect.left && currentCoordinates.x < rect.right)?.stage;
  const from = here ?? (context.active?.data.current?.stage as PipelineStage | undefined) ?? 'Target';
  const next = PIPELINE_STAGES[PIPELINE_STAGES.indexOf(from) + step];
  const rect = next && context.droppableRects.get(next);
  if (!rect) return currentCoordinates;
  return { x: rect.left + 8, y: rect.top + 8 };
};

const instructions =
  'To move an investor to another stage, press Space or Enter on its handle, use the arrow keys to choose the stage, then press Space or Enter to drop it. Escape cancels.';

function announcements(cards: Map<string, PipelineCard>): Announcements {
  const name = (id: unknown) => cards.get(String(id))?.name ?? 'Investor';
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} is over ${over.id}.` : `${name(active.id)} is not over a stage.`),
    onDragEnd: ({ active, over }) => (over ? `${name(active.id)} dropped on ${over.id}.` : `${name(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
}

function CardBody({ card, today }: { card: PipelineCard; today: string }) {
  const due = card.nextFollowUp !== null && card.nextFollowUp <= today && card.stage !== 'Committed' && card.stage !== 'Passed';
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5">
      <span className="truncate text-sm font-medium">{card.name}</span>
      <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
        <Badge variant="outline">{card.investorKind === 'vc' ? 'VC' : 'Angel'}</Badge>
        {card.amount !== null ? <span className="tabular-nums">{formatAmount(card.amount)}</span> : null}
        {card.submissionIds.length ? <span>Applied ×{card.submissionIds.length}</span> : null}
      </span>
      {card.nextFollowUp ? (
        <span className={cn('inline-flex items-center gap-1 text-xs', due ? 'font-medium text-warning' : 'text-muted-foreground')}>
          <CalendarClock className="size-3.5" aria-hidden="true" />
          {followUpLabel(card.nextFollowUp, today)}
        </span>
      ) : null}
      {card.stage === 'Passed' && card.passReason ? <span className="line-clamp-2 text-xs text-muted-foreground">{card.passReason}</span> : null}
    </div>
  );
}

function BoardCard({ card, today, onOpen }: { card: PipelineCard; today: string; onOpen(card: PipelineCard): void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: card.id, data: { stage: card.stage } });
  return (
    <li
      ref={setNodeRef}
      data-testid="pipeline-card"
      data-stage={card.stage}
      className={cn('flex items-start gap-1 rounded-lg border border-border bg-card p-2 shadow-xs', isDragging && 'opacity-40')}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Move ${card.name} (now in ${card.stage})`}
        className="-m-0.5 cursor-grab touch-none rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <GripVertical className="size-4" aria-hidden="true" />
      </button>
      <button type="button" onClick={() => onOpen(card)} className="flex min-w-0 flex-1 rounded text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" aria-label={`Open ${card.name}`}>
        <CardBody card={card} today={today} />
      </button>
    </li>
  );
}

function Column({ stage, cards, today, onOpen }: { stage: PipelineStage; cards: PipelineCard[]; today: string; onOpen(card: PipelineCard): void }) {
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  return (
    <section
      id={`stage-${stage}`}
      ref={setNodeRef}
      aria-label={`${stage}: ${cards.length} investor${cards.length === 1 ? '' : 's'}`}
      data-testid={`stage-${stage}`}
      className={cn(
        'flex w-[82vw] max-w-xs shrink-0 snap-start flex-col gap-2 rounded-xl border border-border bg-muted/40 p-2 sm:w-64',
        isOver && 'border-primary bg-primary/10',
      )}
    >
      <h2 className="flex items-center justify-between px-1 pt-1 text-sm font-semibold">
        {stage}
        <span className="rounded-full bg-background px-2 text-xs font-medium text-muted-foreground tabular-nums">{cards.length}</span>
      </h2>
      <ul className="flex min-h-16 flex-col gap-2">
        {cards.map((c) => (
          <BoardCard key={c.id} card={c} today={today} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}

export interface PipelineBoardProps {
  cards: PipelineCard[];
  today: string;
  onOpen(card: PipelineCard, stage?: PipelineStage): void;
  onMove(card: PipelineCard, stage: PipelineStage): void;
}

/** The board: a column per stage; cards move by drag and drop or from the keyboard. */
export function PipelineBoard({ cards, today, onOpen, onMove }: PipelineBoardProps) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: byColumn }));
  const [active, setActive] = useState<PipelineCard | null>(null);
  const byId = new Map(cards.map((c) => [c.id, c]));

  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    setActive(null);
    const card = byId.get(String(a.id));
    const stage = over?.id as PipelineStage | undefined;
    if (!card || !stage || stage === card.stage) return;
    // Passed needs a reason: the card's dialog asks for it.
    if (stage === 'Passed') onOpen(card, 'Passed');
    else onMove(card, stage);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={rectIntersection}
      accessibility={{ announcements: announcements(byId), screenReaderInstructions: { draggable: instructions } }}
      onDragStart={({ active: a }) => setActive(byId.get(String(a.id)) ?? null)}
      onDragCancel={() => setActive(null)}
      onDragEnd={onDragEnd}
    >
      <div className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-4 sm:mx-0 sm:px-0" data-testid="pipeline-board">
        {PIPELINE_STAGES.map((stage) => (
          <Column key={stage} stage={stage} cards={cards.filter((c) => c.stage === stage)} today={today} onOpen={onOpen} />
        ))}
      </div>
      <DragOverlay>
        {active ? (
          <div className="flex w-60 items-start gap-1 rounded-lg border border-primary bg-card p-2 shadow-lg">
            <GripVertical className="mt-1 size-4 text-muted-foreground" aria-hidden="true" />
            <CardBody card={active} today={today} />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
