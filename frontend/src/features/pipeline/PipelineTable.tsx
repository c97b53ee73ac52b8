import { PIPELINE_STAGES, type PipelineCard } from '@fp/contracts';
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { cn } from '../../lib/cn';
import { Input, Select, SortableHeader, Table, TableBody, TableCell, TableHeader, TableRow } from '../../ui';
import { followUpLabel, formatAmount } from './queries';

const col = createColumnHelper<PipelineCard>();
const STAGE_ORDER = new Map(PIPELINE_STAGES.map((s, i) => [s, i]));
const nullsLast = (a: unknown, b: unknown) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : 0);

export interface PipelineTableProps {
  cards: PipelineCard[];
  today: string;
  onOpen(card: PipelineCard): void;
}

/** The board as a table: sortable columns, a stage filter and a text filter. */
export function PipelineTable({ cards, today, onOpen }: PipelineTableProps) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'stage', desc: false }]);
  const [stage, setStage] = useState('');
  const [text, setText] = useState('');
  // Stable between renders: new columns or filter arrays each render make the table rebuild its
  // row models every time, and a render loop follows.
  const columns = useMemo(
    () => [
      col.accessor('name', {
        header: 'Investor',
        cell: (c) => (
          <button
            type="button"
            className="text-left font-medium hover:underline focus-visible:underline focus-visible:outline-none"
            onClick={() => onOpen(c.row.original)}
          >
            {c.getValue()}
          </button>
        ),
      }),
      col.accessor('stage', {
        header: 'Stage',
        sortingFn: (a, b) => STAGE_ORDER.get(a.original.stage)! - STAGE_ORDER.get(b.original.stage)!,
        filterFn: 'equals',
      }),
      col.accessor('nextFollowUp', {
        header: 'Next follow-up',
        sortingFn: (a, b) =>
          nullsLast(a.original.nextFollowUp, b.original.nextFollowUp) ||
          (a.original.nextFollowUp ?? '').localeCompare(b.original.nextFollowUp ?? ''),
        cell: (c) =>
          c.getValue() ? (
            <span title={c.getValue()!}>{followUpLabel(c.getValue()!, today)}</span>
          ) : (
            <span className="text-muted-foreground">—</span>
          ),
      }),
      col.accessor('amount', {
        header: 'Amount',
        sortingFn: (a, b) =>
          nullsLast(a.original.amount, b.original.amount) || (a.original.amount ?? 0) - (b.original.amount ?? 0),
        cell: (c) => formatAmount(c.getValue()) || '—',
        meta: { numeric: true },
      }),
      col.accessor('introducedBy', { header: 'Introduced by', cell: (c) => c.getValue() ?? '—' }),
      col.accessor('updatedAt', {
        header: 'Updated',
        cell: (c) => new Date(c.getValue()).toLocaleDateString('en-US', { dateStyle: 'medium' }),
      }),
    ],
    [onOpen, today],
  );
  const columnFilters = useMemo(() => (stage ? [{ id: 'stage', value: stage }] : []), [stage]);
  const table = useReactTable({
    data: cards,
    columns,
    state: { sorting, columnFilters, globalFilter: text },
    onSortingChange: setSorting,
    globalFilterFn: (row, _id, value: string) => {
      const q = value.trim().toLowerCase();
      const c = row.original;
      return !q || [c.name, c.notes, c.introducedBy, c.passReason].some((v) => v?.toLowerCase().includes(q));
    },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getRowId: (r) => r.id,
  });
  const rows = table.getRowModel().rows;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          aria-label="Filter investors"
          placeholder="Filter by name, notes or introducer"
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="sm:max-w-xs"
        />
        <Select
          aria-label="Stage filter"
          className="sm:w-52"
          placeholder="All stages"
          options={PIPELINE_STAGES}
          value={stage}
          onChange={(e) => setStage(e.target.value)}
        />
      </div>
      <Table aria-label="Pipeline" data-testid="pipeline-table">
        <TableHeader>
          {table.getHeaderGroups().map((g) => (
            <TableRow key={g.id} className="hover:bg-transparent">
              {g.headers.map((h) => (
                <SortableHeader key={h.id} header={h} className="whitespace-nowrap" />
              ))}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length} className="py-8 text-center text-muted-foreground">
                No investors match these filters.
              </TableCell>
            </TableRow>
          ) : (
            rows.map((r) => (
              <TableRow key={r.id}>
                {r.getVisibleCells().map((c) => (
                  <TableCell
                    key={c.id}
                    className={cn(
                      'whitespace-nowrap',
                      (c.column.columnDef.meta as { numeric?: boolean } | undefined)?.numeric &&
                        'text-right tabular-nums',
                    )}
                  >
                    {flexRender(c.column.columnDef.cell, c.getContext())}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}
