import { PIPELINE_STAGES, type PipelineCard, type PipelineStage } from '@fp/contracts';
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { CalendarClock, GripVertical } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn';
import { Badge } from '../../ui';
import { followUpLabel, formatAmount } from './queries';
import { DeckReadingLine } from '../deck-links';

const instructions =
  'To move an investor to another stage, press Space or Enter on its handle, use the arrow keys to choose the stage, then press Space or Enter to drop it. Escape cancels.';

/** What the pointer drag and the keyboard move both say to screen readers. */
const say = {
  start: (name: string) => `Picked up ${name}.`,
  over: (name: string, stage: string | null) => (stage ? `${name} is over ${stage}.` : `${name} is not over a stage.`),
  end: (name: string, stage: string | null) => (stage ? `${name} dropped on ${stage}.` : `${name} dropped.`),
  cancel: (name: string) => `Moving ${name} was cancelled.`,
};

function announcements(cards: Map<string, PipelineCard>): Announcements {
  const name = (id: unknown) => cards.get(String(id))?.name ?? 'Investor';
  return {
    onDragStart: ({ active }) => say.start(name(active.id)),
    onDragOver: ({ active, over }) => say.over(name(active.id), over ? String(over.id) : null),
    onDragEnd: ({ active, over }) => say.end(name(active.id), over ? String(over.id) : null),
    onDragCancel: ({ active }) => say.cancel(name(active.id)),
  };
}

/** A card being moved from the keyboard: which stage it would be dropped on. */
interface KeyboardMove {
  card: PipelineCard;
  target: PipelineStage;
}

function CardBody({ card, today }: { card: PipelineCard; today: string }) {
  const due =
    card.nextFollowUp !== null && card.nextFollowUp <= today && card.stage !== 'Committed' && card.stage !== 'Passed';
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5">
      <span className="truncate text-sm font-medium">{card.name}</span>
      <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
        <Badge variant="outline">{card.investorKind === 'vc' ? 'VC' : 'Angel'}</Badge>
        {card.amount !== null ? <span className="tabular-nums">{formatAmount(card.amount)}</span> : null}
        {card.submissionIds.length ? <span>Applied ×{card.submissionIds.length}</span> : null}
      </span>
      {card.nextFollowUp ? (
        <span
          className={cn(
            'inline-flex items-center gap-1 text-xs',
            due ? 'font-medium text-warning' : 'text-muted-foreground',
          )}
        >
          <CalendarClock className="size-3.5" aria-hidden="true" />
          {followUpLabel(card.nextFollowUp, today)}
        </span>
      ) : null}
      {card.stage === 'Passed' && card.passReason ? (
        <span className="line-clamp-2 text-xs text-muted-foreground">{card.passReason}</span>
      ) : null}
      <DeckReadingLine investorKind={card.investorKind} investorId={card.investorId} />
    </div>
  );
}

interface CardProps {
  card: PipelineCard;
  today: string;
  moving: boolean;
  onOpen(card: PipelineCard): void;
  onKey(card: PipelineCard, event: KeyboardEvent<HTMLButtonElement>): void;
  onBlurHandle(card: PipelineCard): void;
}

function BoardCard({ card, today, moving, onOpen, onKey, onBlurHandle }: CardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: card.id,
    data: { stage: card.stage },
  });
  return (
    <li
      ref={setNodeRef}
      data-testid="pipeline-card"
      data-stage={card.stage}
      className={cn(
        'flex items-start gap-1 rounded-lg border border-border bg-card p-2 shadow-xs',
        isDragging && 'opacity-40',
        moving && 'border-primary ring-2 ring-primary/40',
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-pressed={moving}
        onKeyDown={(e) => onKey(card, e)}
        onBlur={() => onBlurHandle(card)}
        aria-label={`Move ${card.name} (now in ${card.stage})`}
        className="-m-0.5 cursor-grab touch-none rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <GripVertical className="size-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        onClick={() => onOpen(card)}
        className="flex min-w-0 flex-1 rounded text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        aria-label={`Open ${card.name}`}
      >
        <CardBody card={card} today={today} />
      </button>
    </li>
  );
}

interface ColumnProps extends Omit<CardProps, 'card' | 'moving'> {
  stage: PipelineStage;
  cards: PipelineCard[];
  move: KeyboardMove | null;
}

function Column({ stage, cards, move, ...cardProps }: ColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  const target = move !== null && move.target === stage && move.card.stage !== stage;
  return (
    <section
      id={`stage-${stage}`}
      ref={setNodeRef}
      aria-label={`${stage}: ${cards.length} investor${cards.length === 1 ? '' : 's'}`}
      data-testid={`stage-${stage}`}
      className={cn(
        'flex w-[82vw] max-w-xs shrink-0 snap-start flex-col gap-2 rounded-xl border border-border bg-muted/40 p-2 sm:w-64',
        (isOver || target) && 'border-primary bg-primary/10',
      )}
    >
      <h2 className="flex items-center justify-between px-1 pt-1 text-sm font-semibold">
        {stage}
        <span className="rounded-full bg-background px-2 text-xs font-medium text-muted-foreground tabular-nums">
          {cards.length}
        </span>
      </h2>
      <ul className="flex min-h-16 flex-col gap-2">
        {target ? (
          <li
            aria-hidden="true"
            className="rounded-lg border border-dashed border-primary p-2 text-sm text-muted-foreground"
          >
            {move.card.name}
          </li>
        ) : null}
        {cards.map((c) => (
          <BoardCard key={c.id} card={c} moving={move?.card.id === c.id} {...cardProps} />
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

/**
 * The board: a column per stage; cards move by drag and drop (dnd-kit) or from the keyboard. The
 * keyboard move is ours, by stage rather than by screen position: dnd-kit's keyboard sensor moves a
 * point and scrolls the board under it, and on a wide board the stage it dropped on depended on
 * how far a smooth scroll had got.
 */
export function PipelineBoard({ cards, today, onOpen, onMove }: PipelineBoardProps) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const [active, setActive] = useState<PipelineCard | null>(null);
  const [move, setMove] = useState<KeyboardMove | null>(null);
  const [spoken, setSpoken] = useState('');
  const byId = new Map(cards.map((c) => [c.id, c]));

  const drop = (card: PipelineCard, stage: PipelineStage | undefined) => {
    if (!stage || stage === card.stage) return;
    // Passed needs a reason: the card's dialog asks for it.
    if (stage === 'Passed') onOpen(card, 'Passed');
    else onMove(card, stage);
  };

  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    setActive(null);
    const card = byId.get(String(a.id));
    if (card) drop(card, over?.id as PipelineStage | undefined);
  };

  const onKey = (card: PipelineCard, e: KeyboardEvent<HTMLButtonElement>) => {
    const current = move?.card.id === card.id ? move : null;
    if (!current) {
      if (e.key !== ' ' && e.key !== 'Enter') return;
      e.preventDefault();
      setMove({ card, target: card.stage });
      setSpoken(say.start(card.name));
      return;
    }
    const step =
      e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
    if (step) {
      e.preventDefault();
      const target = PIPELINE_STAGES[PIPELINE_STAGES.indexOf(current.target) + step];
      if (!target) return;
      setMove({ card, target });
      setSpoken(say.over(card.name, target));
      document.getElementById(`stage-${target}`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    } else if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      setMove(null);
      setSpoken(say.end(card.name, current.target));
      drop(card, current.target);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setMove(null);
      setSpoken(say.cancel(card.name));
    }
  };

  const onBlurHandle = (card: PipelineCard) => {
    if (move?.card.id !== card.id) return;
    setMove(null);
    setSpoken(say.cancel(card.name));
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
      <div
        className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-4 sm:mx-0 sm:px-0"
        data-testid="pipeline-board"
      >
        {PIPELINE_STAGES.map((stage) => (
          <Column
            key={stage}
            stage={stage}
            cards={cards.filter((c) => c.stage === stage)}
            move={move}
            today={today}
            onOpen={onOpen}
            onKey={onKey}
            onBlurHandle={onBlurHandle}
          />
        ))}
      </div>
      <div aria-live="assertive" aria-atomic="true" className="sr-only" data-testid="pipeline-move-status">
        {spoken}
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
