import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { LoadFailed, Skeleton } from '../../ui';
import { ComposeUpdate } from './ComposeUpdate';
import { updateQueryOptions } from './queries';
import { SentUpdate } from './SentUpdate';

/** /updates/:id — a draft to write, preview and send, or a sent update with who received it and who opened the deck. */
export function UpdatePage() {
  const { id } = useParams({ from: '/updates/$id' });
  const update = useQuery(updateQueryOptions(id));
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <Link
        to="/updates"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> All updates
      </Link>
      {update.isPending ? (
        <Skeleton className="h-96" />
      ) : update.isError ? (
        <LoadFailed title="Could not load this update" error={update.error} onRetry={() => void update.refetch()} />
      ) : update.data.status === 'sent' ? (
        <SentUpdate update={update.data} />
      ) : (
        <ComposeUpdate key={update.data.id} update={update.data} />
      )}
    </div>
  );
}
