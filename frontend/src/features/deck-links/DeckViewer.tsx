import { API_ROUTES, apiPath, type DeckViewInfo, type StartDeckVisitResponse } from '@fp/contracts';
import { Eye } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Brand } from '../../app/Brand';
// The UI kit file by file, not its index: the viewer is its own small bundle (viewer.html).
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { DeckReader } from './DeckReader';
import { RoomViewer } from './RoomViewer';
import { Gate, roomTitle, trackingNotice, type VisitBody } from './ViewerGate';
import { viewerSessionToken } from './viewer-session';

/** "Lumen Grid — pitch deck", or "Pitch deck" when the founder's profile has no company name. */
export const deckTitle = (companyName: string | null) => (companyName ? `${companyName} — pitch deck` : 'Pitch deck');

type Phase =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'gate'; info: DeckViewInfo }
  | { kind: 'reading'; info: DeckViewInfo; visit: StartDeckVisitResponse }
  /** A data room's link: its own steps (RoomViewer). */
  | { kind: 'room'; info: DeckViewInfo };

async function messageOf(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { error?: string } | null;
  return body?.error ?? `The deck could not be loaded (HTTP ${res.status}).`;
}

/**
 * /d/:token — the public deck viewer (no account), its own small page (viewer.html): asks what the
 * link requires (e-mail, passcode), says once what is tracked, shows the first page at once from the
 * image drawn at upload, then the founder's PDF page by page with pdf.js, the watermark drawn into
 * each page image, and reports visible time per page. The founder's own session makes it a preview
 * that is not counted (the server decides).
 */
export function DeckViewer({ token }: { token: string }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const base = apiPath(API_ROUTES.deckViewer, { token });
  // The founder's session, when this browser has one (read once, without the app's identity stack).
  const session = useMemo(() => viewerSessionToken(), []);

  const call = useCallback(
    async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      const t = await session;
      if (t) headers.set('authorization', `Bearer ${t}`);
      return fetch(url, { ...init, headers });
    },
    [session],
  );

  const start = useCallback(
    async (info: DeckViewInfo, body: VisitBody): Promise<string | null> => {
      const res = await call(apiPath(API_ROUTES.deckViewerVisits, { token }), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) return messageOf(res);
      setPhase({ kind: 'reading', info, visit: (await res.json()) as StartDeckVisitResponse });
      return null;
    },
    [call, token],
  );

  // What the link asks for needs no session: asked at once, beside reading the session (the session
  // matters only from the visit on, which makes the founder's own visit a preview).
  const infoRequest = useMemo(() => withBody(fetch(base)), [base]);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      // The answer depends on who asks (the founder's own link skips its gate): a viewer with a
      // session asks again with it; investors, who have none, keep the early answer.
      const got = (await session) ? await withBody(call(base)) : await infoRequest;
      if (cancelled) return;
      if (!got || !got.res.ok)
        return setPhase({
          kind: 'failed',
          message: got
            ? ((got.body as { error?: string } | null)?.error ??
              `The deck could not be loaded (HTTP ${got.res.status}).`)
            : 'The deck could not be loaded. Check your connection and try again.',
        });
      const info = got.body as DeckViewInfo;
      document.title = `${info.room ? roomTitle(info.companyName, info.room.name) : deckTitle(info.companyName)} · FundFlow`;
      if (info.room) setPhase({ kind: 'room', info });
      else if (!info.requireEmail && !info.requirePasscode) {
        const problem = await start(info, {});
        if (problem && !cancelled) setPhase({ kind: 'failed', message: problem });
      } else setPhase({ kind: 'gate', info });
    })();
    return () => {
      cancelled = true;
    };
  }, [session, infoRequest, call, base, start]);

  const info = phase.kind === 'gate' || phase.kind === 'reading' || phase.kind === 'room' ? phase.info : null;
  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <header className="flex items-center justify-between gap-3 border-b border-border px-4 py-2">
        <Brand />
        {info ? (
          <span className="truncate text-sm font-medium" data-testid="deck-title">
            {info.room ? roomTitle(info.companyName, info.room.name) : deckTitle(info.companyName)}
          </span>
        ) : null}
      </header>
      <main className="flex flex-1 flex-col items-center gap-3 px-2 py-4 sm:px-4">
        {phase.kind === 'loading' ? <Spinner label="Loading the deck" /> : null}
        {phase.kind === 'failed' ? (
          <Card className="mt-8 max-w-md p-6" role="alert">
            <h1 className="text-lg font-semibold">This deck is not available</h1>
            <p className="mt-2 text-sm text-muted-foreground">{phase.message}</p>
          </Card>
        ) : null}
        {phase.kind === 'gate' ? (
          <Gate
            info={phase.info}
            onSubmit={(body) => start(phase.info, body)}
            onSendCode={async (email) => {
              const res = await call(apiPath(API_ROUTES.deckViewerCodes, { token }), {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ email }),
              });
              return res.ok ? null : messageOf(res);
            }}
          />
        ) : null}
        {phase.kind === 'reading' ? (
          <DeckReader token={token} visit={phase.visit} call={call} session={session} />
        ) : null}
        {phase.kind === 'room' ? <RoomViewer token={token} info={phase.info} call={call} session={session} /> : null}
      </main>
      {/* Said once: on the gate, before anything is given; while reading, here. */}
      {phase.kind === 'reading' ? (
        <footer
          className="border-t border-border px-4 py-2 text-center text-xs text-muted-foreground"
          data-testid="tracking-notice"
        >
          <Eye className="mr-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
          {trackingNotice(phase.info)}
        </footer>
      ) : null}
    </div>
  );
}

/** A response with its JSON body read (null when it has none); null when the request itself failed. */
const withBody = (request: Promise<Response>) =>
  request.then(async (res) => ({ res, body: (await res.json().catch(() => null)) as unknown })).catch(() => null);

/** The router's /d/$token (the app's own bundle, e.g. in `vite` dev); the server serves viewer.html there. */
export function DeckViewerPage() {
  const token = window.location.pathname.split('/d/')[1]?.split('/')[0] ?? '';
  return <DeckViewer token={decodeURIComponent(token)} />;
}
