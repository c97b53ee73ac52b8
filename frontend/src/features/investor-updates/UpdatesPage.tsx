import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Newspaper, Plus } from 'lucide-react';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  LoadFailed,
  PageHeader,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
} from '../../ui';
import { formatDateTime } from '../../lib/format';
import { createUpdate, refreshUpdates, updatesQueryOptions } from './queries';

/** /updates: the founder's investor updates (drafts and sent), and a new one from the monthly template. */
export function UpdatesPage() {
  const list = useQuery(updatesQueryOptions());
  const qc = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: createUpdate,
    onSuccess: (u) => {
      void refreshUpdates(qc);
      void navigate({ to: '/updates/$id', params: { id: u.id } });
    },
    onError: (err: Error) =>
      toast({ title: 'Could not start an update', description: err.message, variant: 'destructive' }),
  });
  const newButton = (
    <Button onClick={() => create.mutate()} loading={create.isPending}>
      <Plus aria-hidden="true" /> New update
    </Button>
  );
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <PageHeader
        title="Updates"
        description="Monthly updates to your investors: write, preview, send. Each investor gets their own deck link."
        actions={list.data?.length ? newButton : null}
      />
      {list.isPending ? (
        <Skeleton className="h-48" />
      ) : list.isError ? (
        <LoadFailed title="Could not load your updates" error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data.length ? (
        <EmptyState
          icon={<Newspaper />}
          title="No updates yet"
          description="Start from the monthly template: highlights, metrics from your profile, asks and lowlights. Nothing is sent until you press Send."
          action={newButton}
        />
      ) : (
        <Card className="overflow-hidden p-0">
          <Table containerClassName="border-0">
            <TableHeader>
              <TableRow>
                <TableHead>Update</TableHead>
                <TableHead className="hidden sm:table-cell">Status</TableHead>
                <TableHead className="text-right">Recipients</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Delivered</TableHead>
                <TableHead className="text-right">Opened deck</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.map((u) => (
                <TableRow key={u.id} data-testid="update-row">
                  <TableCell className="max-w-[11rem] sm:max-w-none">
                    <Link
                      to="/updates/$id"
                      params={{ id: u.id }}
                      className="block truncate font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {u.subject || 'Untitled update'}
                    </Link>
                    <span className="text-xs text-muted-foreground">
                      {u.sentAt ? `Sent ${formatDateTime(u.sentAt)}` : `Saved ${formatDateTime(u.updatedAt)}`}
                    </span>
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <Badge variant={u.status === 'sent' ? 'success' : 'secondary'}>
                      {u.status === 'sent' ? 'Sent' : 'Draft'}
                    </Badge>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{u.status === 'sent' ? u.recipients : '—'}</TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">
                    {u.status === 'sent' ? u.delivered : '—'}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{u.status === 'sent' ? u.opened : '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </div>
  );
}
