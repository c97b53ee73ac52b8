import { HISTORY_PAGE_SIZE, type CreditMovement, type HistorySort, type MovementKind } from '@fp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  useReactTable,
  type SortingState,
} from '@tanstack/react-table';
import { Coins, ReceiptText, ShoppingCart } from 'lucide-react';
import { useMemo, useState } from 'react';
import { cn } from '../../lib/cn';
import { Badge, type BadgeVariant } from '../../ui/Badge';
import { Button, buttonVariants } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { MiniChart } from '../../ui/Chart';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { Pagination } from '../../ui/Pagination';
import { Select } from '../../ui/Select';
import { Skeleton } from '../../ui/Skeleton';
import { SortableHeader } from '../../ui/SortableHeader';
import { Table, TableBody, TableCell, TableHeader, TableRow } from '../../ui/Table';
import { PolicyNote } from './PolicyNote';
import { PaymentReturnNotice } from './PaymentReturnNotice';
import { OwedNotice, PurchasesCard } from './PurchasesCard';
import { balanceHistoryQueryOptions, creditBalanceQueryOptions, creditHistoryQueryOptions } from './queries';
import { FIRST_HISTORY_PAGE } from './history-params';

const KIND: Record<MovementKind, { label: string; variant: BadgeVariant }> = {
  granted: { label: 'Granted', variant: 'secondary' },
  purchased: { label: 'Purchased', variant: 'success' },
  spent: { label: 'Spent', variant: 'outline' },
  refunded: { label: 'Refunded', variant: 'warning' },
  reversed: { label: 'Payment reversed', variant: 'destructive' },
  settled: { label: 'Owed credits covered', variant: 'outline' },
};

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
const signed = (n: number) =>
  n > 0 ? `+${n.toLocaleString('en-US')}` : n === 0 ? '0' : `−${Math.abs(n).toLocaleString('en-US')}`;

const column = createColumnHelper<CreditMovement>();
const columns = [
  column.accessor('occurredAt', {
    id: 'occurredAt',
    header: 'Date',
    cell: (c) => <span className="whitespace-nowrap text-muted-foreground">{dateTime(c.getValue())}</span>,
  }),
  column.accessor('kind', {
    id: 'kind',
    header: 'Type',
    cell: (c) => <Badge variant={KIND[c.getValue()].variant}>{KIND[c.getValue()].label}</Badge>,
  }),
  column.accessor('reason', {
    id: 'reason',
    header: 'Description',
    enableSorting: false,
    cell: (c) => <span className="line-clamp-2 min-w-40">{c.getValue()}</span>,
  }),
  column.accessor('amount', {
    id: 'amount',
    header: 'Amount',
    cell: (c) => (
      <span className={cn('font-semibold tabular-nums', c.getValue() > 0 ? 'text-success' : 'text-foreground')}>
        {signed(c.getValue())}
      </span>
    ),
    meta: { numeric: true },
  }),
  column.accessor('balanceAfter', {
    id: 'balanceAfter',
    header: 'Balance',
    cell: (c) => <span className="tabular-nums">{c.getValue().toLocaleString('en-US')}</span>,
    meta: { numeric: true },
  }),
];

function BalanceChart() {
  const { data, isPending } = useQuery(balanceHistoryQueryOptions());
  const points = useMemo(() => (data ?? []).map((p) => ({ label: shortDate(p.at), value: p.balance })), [data]);
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Balance over time</CardTitle>
        <CardDescription>Your balance after each movement.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Skeleton className="h-[120px] w-full" />
        ) : points.length > 1 ? (
          <MiniChart data={points} label="Credit balance over time" height={120} />
        ) : (
          <p className="flex h-[120px] items-center justify-center text-sm text-muted-foreground">
            The chart appears after your second movement.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function BalanceSummary() {
  const { data, isPending, isError } = useQuery(creditBalanceQueryOptions());
  return (
    <Card className="flex flex-col justify-between">
      <CardHeader>
        <CardDescription className="flex items-center gap-2">
          <Coins className="size-4 text-warning" aria-hidden="true" />
          Current balance
        </CardDescription>
        {isPending ? (
          <Skeleton className="h-9 w-32" />
        ) : (
          <p className="text-3xl font-bold tabular-nums" data-testid="history-balance">
            {isError ? 'Credits unavailable' : `${data.toLocaleString('en-US')} ${data === 1 ? 'credit' : 'credits'}`}
          </p>
        )}
      </CardHeader>
      <CardContent>
        <Link to="/pricing" className={buttonVariants({ className: 'w-full' })}>
          <ShoppingCart className="size-4" aria-hidden="true" />
          Buy Credits
        </Link>
      </CardContent>
    </Card>
  );
}

const SORT_OPTIONS = [
  { value: 'occurredAt:desc', label: 'Newest first' },
  { value: 'occurredAt:asc', label: 'Oldest first' },
  { value: 'amount:desc', label: 'Largest amount' },
  { value: 'amount:asc', label: 'Smallest amount' },
  { value: 'balanceAfter:desc', label: 'Highest balance' },
  { value: 'balanceAfter:asc', label: 'Lowest balance' },
  { value: 'kind:asc', label: 'Type' },
];

/** Phones: one line per movement (description, date, type; amount and balance on the right). */
function MovementList({ movements }: { movements: CreditMovement[] }) {
  return (
    <ul
      className="flex flex-col divide-y divide-border rounded-xl border border-border sm:hidden"
      aria-label="Credit movements"
    >
      {movements.map((m) => (
        <li key={m.id} data-testid="movement-item" className="flex items-start justify-between gap-3 p-3">
          <div className="flex min-w-0 flex-col gap-1">
            <span className="line-clamp-2 text-sm font-medium">{m.reason}</span>
            <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <Badge variant={KIND[m.kind].variant}>{KIND[m.kind].label}</Badge>
              {dateTime(m.occurredAt)}
            </span>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <span className={cn('font-semibold tabular-nums', m.amount > 0 ? 'text-success' : 'text-foreground')}>
              {signed(m.amount)}
            </span>
            <span className="text-xs text-muted-foreground tabular-nums">
              Balance {m.balanceAfter.toLocaleString('en-US')}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** /credits — the founder's own ledger: sortable, paginated movements with running balance, and a chart. */
export function CreditsPage() {
  const [sorting, setSorting] = useState<SortingState>([
    { id: FIRST_HISTORY_PAGE.sort, desc: FIRST_HISTORY_PAGE.order === 'desc' },
  ]);
  const [page, setPage] = useState(FIRST_HISTORY_PAGE.page);
  const sort = (sorting[0]?.id ?? 'occurredAt') as HistorySort;
  const order = sorting[0] ? (sorting[0].desc ? 'desc' : 'asc') : 'desc';
  const { data, isPending, isError, error, isPlaceholderData, refetch } = useQuery(
    creditHistoryQueryOptions({ page, sort, order }),
  );

  const table = useReactTable({
    data: data?.movements ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    rowCount: data?.total ?? 0,
    state: { sorting, pagination: { pageIndex: page - 1, pageSize: HISTORY_PAGE_SIZE } },
    enableSortingRemoval: false,
    sortDescFirst: true,
    onSortingChange: (updater) => {
      setSorting(updater);
      setPage(1);
    },
    getRowId: (row) => row.id,
  });

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Credit History"
        description="Every credit in and out of your account, with your balance after each movement."
      />
      <PaymentReturnNotice />
      <OwedNotice />
      <div className="grid gap-6 lg:grid-cols-3">
        <BalanceSummary />
        <BalanceChart />
      </div>
      <PurchasesCard />
      <PolicyNote />

      <section aria-labelledby="movements-heading" className="flex flex-col gap-4">
        <div className="flex items-center justify-between gap-3">
          <h2 id="movements-heading" className="text-xl font-semibold tracking-tight">
            Movements
          </h2>
          <Select
            aria-label="Sort movements"
            className="w-44 sm:hidden"
            options={SORT_OPTIONS}
            value={`${sort}:${order}`}
            onChange={(e) => {
              const [id, dir] = e.target.value.split(':');
              setSorting([{ id: id!, desc: dir === 'desc' }]);
              setPage(1);
            }}
          />
        </div>
        {isPending ? (
          <Skeleton className="h-64 rounded-xl" />
        ) : isError ? (
          <Card className="flex flex-col items-start gap-3 p-6">
            <p className="text-sm text-destructive">{error.message}</p>
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              Try Again
            </Button>
          </Card>
        ) : data.total === 0 ? (
          <EmptyState
            icon={<ReceiptText />}
            title="No credit movements yet"
            description="Credits you receive, buy, spend or get back will be listed here."
            action={
              <Link to="/pricing" className={buttonVariants()}>
                Buy Credits
              </Link>
            }
          />
        ) : (
          <>
            <MovementList movements={data.movements} />
            <Table
              containerClassName="hidden sm:block"
              aria-label="Credit movements"
              aria-busy={isPlaceholderData || undefined}
              className={cn(isPlaceholderData && 'opacity-60')}
            >
              <TableHeader>
                {table.getHeaderGroups().map((group) => (
                  <TableRow key={group.id} className="hover:bg-transparent">
                    {group.headers.map((header) => (
                      <SortableHeader key={header.id} header={header} />
                    ))}
                  </TableRow>
                ))}
              </TableHeader>
              <TableBody>
                {table.getRowModel().rows.map((row) => (
                  <TableRow key={row.id} data-testid="movement-row">
                    {row.getVisibleCells().map((cell) => (
                      <TableCell
                        key={cell.id}
                        className={cn(
                          (cell.column.columnDef.meta as { numeric?: boolean } | undefined)?.numeric && 'text-right',
                        )}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pagination
              page={page}
              pageSize={HISTORY_PAGE_SIZE}
              total={data.total}
              onPageChange={setPage}
              itemLabel="movements"
              disabled={isPlaceholderData}
            />
          </>
        )}
      </section>
    </div>
  );
}
