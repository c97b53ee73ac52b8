import type { DeckRoomSummary } from '@fp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, FileText, Link2, Settings2, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { Badge, Button, toast } from '../../ui';
import { formatBytes } from '../../lib/format';
import { copyLink, LinkRow } from './LinkRow';
import { LinkForm } from './LinkForm';
import { RoomFigures } from './RoomFigures';
import { RoomForm } from './RoomForm';
import { recipientLabel } from './queries';
import { refreshRooms, removeRoomDocument, roomFileProblem, uploadRoomDocument } from './room-queries';

/** One data room as the founder runs it: its documents, its links, its NDA, who accepted it and what was read. */
export function RoomPanel({ room, open, onToggle }: { room: DeckRoomSummary; open: boolean; onToggle: () => void }) {
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [panel, setPanel] = useState<'settings' | 'link' | null>(null);
  const [progress, setProgress] = useState<{ name: string; share: number } | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (documentId: string) => removeRoomDocument(room.id, documentId),
    onSuccess: () => toast({ title: 'Document removed (its visits stay in the figures)', variant: 'success' }),
    onError: (e: Error) =>
      toast({ title: 'Could not remove the document', description: e.message, variant: 'destructive' }),
    onSettled: () => refreshRooms(qc),
  });

  async function upload(files: FileList | null) {
    setUploadError(null);
    for (const file of Array.from(files ?? [])) {
      const problem = roomFileProblem(file);
      if (problem) {
        setUploadError(problem);
        continue;
      }
      setProgress({ name: file.name, share: 0 });
      try {
        await uploadRoomDocument(room.id, file, (share) => setProgress({ name: file.name, share }));
      } catch (e) {
        setUploadError(`${file.name}: ${(e as Error).message}`);
      }
    }
    setProgress(null);
    if (input.current) input.current.value = '';
    await refreshRooms(qc);
  }

  const names = new Map<string, string>();
  return (
    <li className="flex flex-col gap-3 rounded-md border border-border p-3" data-testid="deck-room">
      <button
        type="button"
        className="flex w-full items-start justify-between gap-3 rounded-sm text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        aria-expanded={open}
        onClick={onToggle}
      >
        <span className="min-w-0">
          <span className="flex flex-wrap items-center gap-2 font-medium break-words" data-testid="deck-room-name">
            {open ? (
              <ChevronDown className="size-4" aria-hidden="true" />
            ) : (
              <ChevronRight className="size-4" aria-hidden="true" />
            )}
            {room.name}
            {room.ndaText ? <Badge variant="secondary">NDA</Badge> : null}
          </span>
          <span className="block text-xs text-muted-foreground">
            {room.documents.length === 1 ? '1 document' : `${room.documents.length} documents`} ·{' '}
            {room.links.length === 1 ? '1 link' : `${room.links.length} links`} ·{' '}
            {room.visits === 1 ? '1 visit' : `${room.visits} visits`}
            {room.ndaText
              ? ` · ${room.acceptances === 1 ? '1 NDA accepted' : `${room.acceptances} NDAs accepted`}`
              : ''}
          </span>
        </span>
      </button>
      {open ? (
        <div className="flex flex-col gap-4">
          <section aria-label="Documents" className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold">Documents</h3>
            <input
              ref={input}
              type="file"
              multiple
              accept="application/pdf,.pdf"
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="room-file-input"
              onChange={(e) => void upload(e.target.files)}
            />
            {room.documents.length ? (
              <ul className="flex flex-col gap-1" data-testid="room-documents">
                {room.documents.map((d) => (
                  <li
                    key={d.id}
                    className="flex items-center justify-between gap-2 rounded-md bg-muted/40 px-2 py-1.5 text-sm"
                    data-testid="room-document"
                  >
                    <span className="flex min-w-0 items-center gap-2">
                      <FileText className="size-4 shrink-0 text-primary" aria-hidden="true" />
                      <span className="truncate">{d.fileName}</span>
                      <span className="shrink-0 text-xs text-muted-foreground">{formatBytes(d.size)}</span>
                    </span>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-destructive"
                      aria-label={`Remove ${d.fileName}`}
                      loading={remove.isPending && remove.variables === d.id}
                      onClick={() => remove.mutate(d.id)}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">
                No documents yet. Add PDFs: your deck, a financial model, a one-pager.
              </p>
            )}
            {progress ? (
              <p className="text-sm" role="status">
                Uploading {progress.name}… {Math.round(progress.share * 100)} %
              </p>
            ) : null}
            {uploadError ? (
              <p role="alert" className="text-sm text-destructive">
                {uploadError}
              </p>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              disabled={progress !== null}
              onClick={() => input.current?.click()}
            >
              <Upload className="size-4" aria-hidden="true" /> Add PDFs
            </Button>
          </section>

          <section aria-label="Links" className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold">Links</h3>
            {room.links.length ? (
              <ul className="flex flex-col gap-2" data-testid="room-links">
                {room.links.map((l) => (
                  <LinkRow key={l.id} link={l} recipient={recipientLabel(l, names)} reading={false} />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">No link yet: make one to share this room.</p>
            )}
            {panel === 'link' ? (
              <div className="rounded-md border border-border p-3" data-testid="room-link-form">
                <LinkForm
                  roomId={room.id}
                  onDone={(r) => {
                    setPanel(null);
                    if (r.url) void copyLink(r.url);
                  }}
                  onCancel={() => setPanel(null)}
                />
              </div>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                aria-expanded={panel === 'link'}
                onClick={() => setPanel(panel === 'link' ? null : 'link')}
              >
                <Link2 className="size-4" aria-hidden="true" /> Share room
              </Button>
              <Button
                variant="outline"
                size="sm"
                aria-expanded={panel === 'settings'}
                onClick={() => setPanel(panel === 'settings' ? null : 'settings')}
              >
                <Settings2 className="size-4" aria-hidden="true" /> Name and NDA
              </Button>
            </div>
            {panel === 'settings' ? (
              <div className="rounded-md border border-border p-3">
                <RoomForm
                  room={room}
                  onDone={() => {
                    setPanel(null);
                    toast({ title: 'Room saved', variant: 'success', duration: 2500 });
                  }}
                  onCancel={() => setPanel(null)}
                />
              </div>
            ) : null}
          </section>

          <RoomFigures room={room} />
        </div>
      ) : null}
    </li>
  );
}
