import {
  API_ROUTES,
  apiPath,
  type DeckViewInfo,
  type EnterDeckRoomResponse,
  type StartDeckVisitResponse,
} from '@fp/contracts';
import { ArrowLeft, Eye, FileText } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { DeckReader } from './DeckReader';
import { Gate, trackingNotice } from './ViewerGate';

type Phase =
  | { kind: 'gate' }
  | { kind: 'entering' }
  | { kind: 'failed'; message: string }
  | { kind: 'list'; entry: EnterDeckRoomResponse; problem?: string }
  | { kind: 'reading'; entry: EnterDeckRoomResponse; visit: StartDeckVisitResponse };

async function messageOf(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { error?: string } | null;
  return body?.error ?? `The data room could not be opened (HTTP ${res.status}).`;
}

/**
 * A data room's link in the public viewer: the link's gates and, when the room has one, its NDA
 * (accepted by typing one's name; the server opens nothing without it), then the room's documents,
 * each read in the deck reader (page times reported per document).
 */
export function RoomViewer({
  token,
  info,
  call,
  session,
}: {
  token: string;
  info: DeckViewInfo;
  call(url: string, init?: RequestInit): Promise<Response>;
  session: Promise<string | null>;
}) {
  const room = info.room!;
  const asks = info.requireEmail || info.requirePasscode || !!room.nda;
  const [phase, setPhase] = useState<Phase>(asks ? { kind: 'gate' } : { kind: 'entering' });
  const post = useCallback(
    (url: string, body: unknown) =>
      call(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    [call],
  );

  const enter = useCallback(
    async (body: Record<string, unknown>): Promise<string | null> => {
      const res = await post(apiPath(API_ROUTES.deckViewerRoom, { token }), {
        ...body,
        ...(room.nda ? { ndaVersion: room.nda.version } : {}),
      });
      if (!res.ok) return messageOf(res);
      setPhase({ kind: 'list', entry: (await res.json()) as EnterDeckRoomResponse });
      return null;
    },
    [post, token, room.nda],
  );

  // A room that asks nothing opens at once.
  useEffect(() => {
    if (phase.kind !== 'entering') return;
    void enter({}).then((problem) => problem && setPhase({ kind: 'failed', message: problem }));
  }, [phase.kind, enter]);

  async function open(entry: EnterDeckRoomResponse, documentId: string) {
    const res = await post(
      apiPath(API_ROUTES.deckViewerRoomVisits, { token, entryId: entry.entryId, documentId }),
      {},
    ).catch(() => null);
    if (!res?.ok) {
      const problem = res ? await messageOf(res) : 'The document could not be opened. Check your connection.';
      return setPhase({ kind: 'list', entry, problem });
    }
    setPhase({ kind: 'reading', entry, visit: (await res.json()) as StartDeckVisitResponse });
    window.scrollTo({ top: 0 });
  }

  if (phase.kind === 'entering') return <Spinner label="Opening the data room" />;
  if (phase.kind === 'failed')
    return (
      <Card className="mt-8 max-w-md p-6" role="alert">
        <h1 className="text-lg font-semibold">This data room is not available</h1>
        <p className="mt-2 text-sm text-muted-foreground">{phase.message}</p>
      </Card>
    );
  if (phase.kind === 'gate')
    return (
      <Gate
        info={info}
        nda={room.nda?.text ?? null}
        title={room.nda ? `${room.name}: accept the NDA to open the documents` : `Open ${room.name}`}
        action={room.nda ? 'Accept and open' : 'Open the data room'}
        onSubmit={(body) => enter(body)}
        onSendCode={async (email) => {
          const res = await post(apiPath(API_ROUTES.deckViewerCodes, { token }), { email });
          return res.ok ? null : messageOf(res);
        }}
      />
    );
  if (phase.kind === 'reading')
    return (
      <div className="flex w-full flex-col items-center gap-2">
        <div className="flex w-full max-w-[1100px] items-center justify-between gap-2">
          <Button variant="outline" size="sm" onClick={() => setPhase({ kind: 'list', entry: phase.entry })} autoFocus>
            <ArrowLeft className="size-4" aria-hidden="true" /> All documents
          </Button>
          <span className="truncate text-sm font-medium" data-testid="room-document-title">
            {phase.visit.fileName}
          </span>
        </div>
        <DeckReader key={phase.visit.visitId} token={token} visit={phase.visit} call={call} session={session} />
        <p className="text-center text-xs text-muted-foreground" data-testid="tracking-notice">
          <Eye className="mr-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
          {trackingNotice(info)}
        </p>
      </div>
    );
  const { entry } = phase;
  return (
    <Card className="mt-6 w-full max-w-xl p-4 sm:p-6" data-testid="room-document-list">
      <h1 className="text-lg font-semibold">{room.name}</h1>
      {entry.preview ? (
        <p className="mt-1 text-sm text-muted-foreground">
          This is your own data room: what you open here is not recorded, and no NDA is asked of you.
        </p>
      ) : null}
      {phase.problem ? (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {phase.problem}
        </p>
      ) : null}
      {entry.documents.length ? (
        <ul className="mt-4 flex flex-col gap-2">
          {entry.documents.map((d) => (
            <li key={d.id}>
              <Button
                variant="outline"
                className="h-auto w-full justify-start py-3 text-left"
                onClick={() => void open(entry, d.id)}
              >
                <FileText className="size-5 shrink-0 text-primary" aria-hidden="true" />
                <span className="min-w-0 truncate">{d.fileName}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-muted-foreground">There are no documents in this room yet.</p>
      )}
      <p className="mt-4 text-xs text-muted-foreground" data-testid="tracking-notice">
        <Eye className="mr-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
        {trackingNotice(info)}
      </p>
    </Card>
  );
}
