import { useQuery } from '@tanstack/react-query';
import { FolderLock, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, LoadFailed, Skeleton } from '../../ui';
import { RoomPanel } from './RoomPanel';
import { RoomForm } from './RoomForm';
import { deckRoomsQueryOptions } from './room-queries';

/**
 * The Deck page's data rooms: several PDFs (deck, financial model, one-pager…) behind one tracked
 * link, optionally behind an NDA the viewer accepts by typing their name.
 */
export function RoomsCard() {
  const rooms = useQuery(deckRoomsQueryOptions());
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <Card data-testid="deck-rooms">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <FolderLock className="size-5 text-primary" aria-hidden="true" /> Data rooms
          </CardTitle>
          <CardDescription>
            Several documents behind one link, with the same settings as a deck link and an optional NDA.
          </CardDescription>
        </div>
        {creating ? null : (
          <Button size="sm" className="self-start" onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden="true" /> New data room
          </Button>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {creating ? (
          <div className="rounded-md border border-border p-3">
            <RoomForm
              onDone={(r) => {
                setCreating(false);
                setOpenId(r.id);
              }}
              onCancel={() => setCreating(false)}
            />
          </div>
        ) : null}
        {rooms.isPending ? (
          <Skeleton className="h-20" />
        ) : rooms.isError ? (
          <LoadFailed title="Could not load your data rooms" error={rooms.error} onRetry={() => void rooms.refetch()} />
        ) : !rooms.data.length ? (
          creating ? null : (
            <p className="text-sm text-muted-foreground">
              No data rooms yet. Make one for a round: add your deck, financial model and one-pager, then share one
              link.
            </p>
          )
        ) : (
          <ul className="flex flex-col gap-3">
            {rooms.data.map((r) => (
              <RoomPanel
                key={r.id}
                room={r}
                open={openId === r.id}
                onToggle={() => setOpenId(openId === r.id ? null : r.id)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
