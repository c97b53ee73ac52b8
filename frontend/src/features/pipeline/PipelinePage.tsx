import type { PipelineCard, PipelineStage } from '@fp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Download, KanbanSquare } from 'lucide-react';
import { useCallback, useState } from 'react';
import {
  Button,
  buttonVariants,
  Card,
  EmptyState,
  PageHeader,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
} from '../../ui';
import { CardDialog } from './CardDialog';
import { PipelineBoard } from './PipelineBoard';
import { PipelineTable } from './PipelineTable';
import { pipelineView } from './search';
import { exportPipeline, localDay, pipelineKeys, pipelineQueryOptions, refreshPipeline, updateCard } from './queries';

const NO_CARDS: PipelineCard[] = [];
const route = getRouteApi('/pipeline');

/** /pipeline: the founder's investors through the stages of a raise, as a board or a table. */
export function PipelinePage() {
  const qc = useQueryClient();
  const board = useQuery(pipelineQueryOptions());
  const [open, setOpen] = useState<{ card: PipelineCard; stage?: PipelineStage } | null>(null);
  // Board or Table lives in the URL (?view=table) so a reload keeps it.
  const navigate = useNavigate();
  const view = pipelineView(route.useSearch());
  const [exporting, setExporting] = useState(false);
  const today = localDay(new Date());
  const openCard = useCallback((card: PipelineCard) => setOpen({ card }), []);

  const move = useMutation({
    mutationFn: ({ card, stage }: { card: PipelineCard; stage: PipelineStage }) => updateCard(card.id, { stage }),
    // The card shows in its new column at once; a refusal puts it back.
    onMutate: async ({ card, stage }) => {
      await qc.cancelQueries({ queryKey: pipelineKeys.board() });
      const before = qc.getQueryData<PipelineCard[]>(pipelineKeys.board());
      qc.setQueryData<PipelineCard[]>(pipelineKeys.board(), (cards) =>
        cards?.map((c) => (c.id === card.id ? { ...c, stage } : c)),
      );
      return { before };
    },
    onError: (e: Error, _v, context) => {
      if (context?.before) qc.setQueryData(pipelineKeys.board(), context.before);
      toast({ title: 'Could not move the investor', description: e.message, variant: 'destructive' });
    },
    onSuccess: (card) => toast({ title: `${card.name} moved to ${card.stage}`, variant: 'success', duration: 3000 }),
    onSettled: () => refreshPipeline(qc),
  });

  async function onExport() {
    setExporting(true);
    try {
      await exportPipeline();
    } catch (e) {
      toast({ title: 'Export Failed', description: (e as Error).message, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  }

  const cards = board.data ?? NO_CARDS;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Pipeline"
        description="Every investor you are working with, from first target to committed."
        actions={
          cards.length ? (
            <Button variant="outline" size="sm" onClick={() => void onExport()} loading={exporting}>
              <Download className="size-4" aria-hidden="true" />
              Export CSV
            </Button>
          ) : null
        }
      />
      {board.isPending ? (
        <div className="flex gap-3 overflow-hidden">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-64 w-64 shrink-0 rounded-xl" />
          ))}
        </div>
      ) : board.isError ? (
        <Card className="flex flex-col items-start gap-3 p-6">
          <p className="text-sm text-destructive">{board.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void board.refetch()}>
            Try Again
          </Button>
        </Card>
      ) : cards.length === 0 ? (
        <EmptyState
          icon={<KanbanSquare />}
          title="Your pipeline is empty"
          description="Add investors from the VC Database or Angel Investors. Firms you apply to appear here under Applied on their own."
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Link to="/vc-database" className={buttonVariants()}>
                VC Database
              </Link>
              <Link to="/investors" className={buttonVariants({ variant: 'outline' })}>
                Angel Investors
              </Link>
            </div>
          }
        />
      ) : (
        <Tabs
          value={view}
          onValueChange={(v) =>
            void navigate({ to: '/pipeline', search: v === 'table' ? { view: 'table' } : {}, replace: true })
          }
        >
          <TabsList aria-label="View">
            <TabsTrigger value="board">Board</TabsTrigger>
            <TabsTrigger value="table">Table</TabsTrigger>
          </TabsList>
          <TabsContent value="board" className="mt-4">
            <PipelineBoard
              cards={cards}
              today={today}
              onOpen={(card, stage) => setOpen({ card, stage })}
              onMove={(card, stage) => move.mutate({ card, stage })}
            />
          </TabsContent>
          <TabsContent value="table" className="mt-4">
            <PipelineTable cards={cards} today={today} onOpen={openCard} />
          </TabsContent>
        </Tabs>
      )}
      <CardDialog card={open?.card ?? null} stage={open?.stage} onClose={() => setOpen(null)} />
    </div>
  );
}
