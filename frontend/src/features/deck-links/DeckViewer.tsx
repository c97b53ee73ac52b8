import { API_ROUTES, apiPath, type DeckViewInfo, type StartDeckVisitResponse } from '@fp/contracts';
import { ChevronLeft, ChevronRight, Download, Eye } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Brand } from '../../app/Brand';
import { saveResponse } from '../../lib/download';
// The UI kit file by file, not its index: the viewer is its own small bundle (viewer.html).
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { Spinner } from '../../ui/Spinner';
import { drawCover } from './page-canvas';
import { openPdf, preloadPdf, renderPage, type PDFDocumentProxy } from './pdf';
import { ReadingTracker } from './reading-tracker';
import { viewerSessionToken } from './viewer-session';

/** How often the reader's page times are sent while reading. */
const REPORT_MS = 5000;

/** What the founder will see of this visit, as this link records it: said once, and only what is true. */
export function trackingNotice(info: Pick<DeckViewInfo, 'requireEmail' | 'allowDownload'>): string {
  const seen = [
    'that this deck was opened',
    ...(info.requireEmail ? ['with the e-mail address you give'] : []),
    'which pages were read and for how long',
  ];
  return `Viewing is tracked: the founder sees ${seen.join(', ')}${info.allowDownload ? ', and whether it was downloaded' : ''}.`;
}

/** "Lumen Grid — pitch deck", or "Pitch deck" when the founder's profile has no company name. */
export const deckTitle = (companyName: string | null) => (companyName ? `${companyName} — pitch deck` : 'Pitch deck');

type Phase =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'gate'; info: DeckViewInfo }
  | { kind: 'reading'; info: DeckViewInfo; visit: StartDeckVisitResponse };

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
    async (info: DeckViewInfo, body: { email?: string; passcode?: string }): Promise<string | null> => {
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
      document.title = `${deckTitle(info.companyName)} · FundFlow`;
      if (!info.requireEmail && !info.requirePasscode) {
        const problem = await start(info, {});
        if (problem && !cancelled) setPhase({ kind: 'failed', message: problem });
      } else setPhase({ kind: 'gate', info });
    })();
    return () => {
      cancelled = true;
    };
  }, [session, infoRequest, call, base, start]);

  const info = phase.kind === 'gate' || phase.kind === 'reading' ? phase.info : null;
  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <header className="flex items-center justify-between gap-3 border-b border-border px-4 py-2">
        <Brand />
        {info ? (
          <span className="truncate text-sm font-medium" data-testid="deck-title">
            {deckTitle(info.companyName)}
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
        {phase.kind === 'gate' ? <Gate info={phase.info} onSubmit={(body) => start(phase.info, body)} /> : null}
        {phase.kind === 'reading' ? <Reader token={token} visit={phase.visit} call={call} session={session} /> : null}
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

function Gate({
  info,
  onSubmit,
}: {
  info: DeckViewInfo;
  onSubmit(body: { email?: string; passcode?: string }): Promise<string | null>;
}) {
  // pdf.js and its worker load while the viewer types, not after.
  useEffect(() => {
    preloadPdf().catch(() => undefined);
  }, []);
  const [email, setEmail] = useState('');
  const [passcode, setPasscode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const problem = await onSubmit({
      ...(info.requireEmail && email.trim() ? { email: email.trim() } : {}),
      ...(info.requirePasscode && passcode ? { passcode } : {}),
    });
    setBusy(false);
    if (problem) setError(problem);
  }
  return (
    <Card className="mt-6 w-full max-w-md p-6">
      <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <h1 className="text-lg font-semibold">View the pitch deck</h1>
        <p className="text-sm text-muted-foreground" data-testid="tracking-notice">
          <Eye className="mr-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
          {trackingNotice(info)}
        </p>
        {info.requireEmail ? (
          <Field label="Your e-mail address" required>
            {(p) => (
              <Input
                {...p}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                autoFocus
              />
            )}
          </Field>
        ) : null}
        {info.requirePasscode ? (
          <Field label="Passcode" required>
            {(p) => (
              <Input
                {...p}
                type="password"
                autoComplete="off"
                value={passcode}
                onChange={(e) => setPasscode(e.target.value)}
                autoFocus={!info.requireEmail}
              />
            )}
          </Field>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <Button type="submit" loading={busy}>
          View deck
        </Button>
      </form>
    </Card>
  );
}

/** A response with its JSON body read (null when it has none); null when the request itself failed. */
const withBody = (request: Promise<Response>) =>
  request.then(async (res) => ({ res, body: (await res.json().catch(() => null)) as unknown })).catch(() => null);

/** The room a page has on screen (CSS pixels). */
const pageBox = (frame: HTMLElement | null) => ({
  width: Math.min(frame?.clientWidth ?? 800, 1100),
  // Phones scroll a tall page; wider screens see the whole page above the page buttons.
  height: window.innerWidth < 640 ? Number.POSITIVE_INFINITY : Math.max(320, window.innerHeight - 200),
});

function Reader({
  token,
  visit,
  call,
  session,
}: {
  token: string;
  visit: StartDeckVisitResponse;
  call(url: string, init?: RequestInit): Promise<Response>;
  session: Promise<string | null>;
}) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const pages = doc?.numPages ?? null;
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [rendering, setRendering] = useState(true);
  const [downloading, setDownloading] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const tracker = useRef<ReadingTracker | null>(null);
  // The deck's length, sent once it is known (pdf.js tells it; the cover alone does not).
  const pageCount = useRef<{ n: number | null; sent: boolean }>({ n: null, sent: false });
  const live = useRef(false);
  const visitIds = useMemo(() => ({ token, visitId: visit.visitId }), [token, visit.visitId]);

  // The first page at once from its image; then pdf.js and the PDF (by byte ranges) for the live
  // pages, started once the cover is up so that they do not compete with it.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const image = await call(apiPath(API_ROUTES.deckViewerVisitCover, visitIds))
        .then(async (res) => (res.ok ? createImageBitmap(await res.blob()) : null))
        .catch(() => null);
      if (image && !cancelled && !live.current && canvas.current) {
        drawCover(canvas.current, image, pageBox(frame.current), visit.watermark);
        setRendering(false);
      }
      if (cancelled) return;
      const t = await session;
      const opened = await openPdf(
        apiPath(API_ROUTES.deckViewerVisitFile, visitIds),
        t ? { authorization: `Bearer ${t}` } : {},
      );
      if (cancelled) return void opened.destroy();
      pageCount.current.n = opened.numPages;
      setDoc(opened);
    })().catch(() => !cancelled && setLoadFailed(true));
    return () => {
      cancelled = true;
    };
  }, [call, session, visitIds, visit.watermark]);

  // Page times: reported every few seconds, when the tab is hidden and when the page is left.
  const report = useCallback(
    (leaving = false) => {
      const t = tracker.current;
      if (!t) return;
      const read = t.take();
      const count = pageCount.current;
      const withCount = count.n !== null && !count.sent;
      if (!read.length && !withCount) return;
      if (withCount) count.sent = true;
      void call(apiPath(API_ROUTES.deckViewerVisitPages, visitIds), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pages: read, lastPage: t.current, ...(withCount ? { pageCount: count.n } : {}) }),
        keepalive: leaving,
      }).catch(() => undefined);
    },
    [call, visitIds],
  );

  useEffect(() => {
    tracker.current = new ReadingTracker(() => performance.now(), document.visibilityState === 'visible');
    tracker.current.show(1);
    const onVisibility = () => {
      tracker.current?.setVisible(document.visibilityState === 'visible');
      if (document.visibilityState === 'hidden') report(true);
    };
    const onLeave = () => report(true);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onLeave);
    const timer = window.setInterval(() => report(), REPORT_MS);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onLeave);
      window.clearInterval(timer);
      report(true);
    };
  }, [report]);

  useEffect(() => {
    tracker.current?.show(page);
    const el = canvas.current;
    if (!doc || !el) return;
    let cancelled = false;
    setRendering(true);
    void renderPage(doc, page, el, pageBox(frame.current), visit.watermark).then(
      (t) => {
        live.current = true;
        if (cancelled) return;
        setText(t);
        setRendering(false);
      },
      () => !cancelled && setRendering(false),
    );
    return () => {
      cancelled = true;
    };
  }, [doc, page, visit.watermark]);

  // Until pdf.js has the deck, its length is unknown: page 1 (the cover) only.
  const last = pages ?? 1;
  const go = (n: number) => setPage(Math.min(last, Math.max(1, n)));
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'ArrowRight' || e.key === 'PageDown') setPage((p) => Math.min(last, p + 1));
      else if (e.key === 'ArrowLeft' || e.key === 'PageUp') setPage((p) => Math.max(1, p - 1));
      else if (e.key === 'Home') setPage(1);
      else if (e.key === 'End') setPage(last);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [last]);
  const of = pages === null ? '' : ` of ${pages}`;

  async function download() {
    setDownloading(true);
    try {
      const res = await call(apiPath(API_ROUTES.deckViewerVisitDownload, visitIds));
      if (res.ok) await saveResponse(res, visit.fileName);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="flex w-full max-w-[1100px] flex-col items-center gap-3">
      {visit.preview ? (
        <p className="w-full rounded-md border border-border bg-muted px-3 py-2 text-sm" data-testid="preview-notice">
          This is your own link: you see what investors see, and your views are not counted.
        </p>
      ) : null}
      <div ref={frame} className="relative flex w-full justify-center">
        <canvas
          ref={canvas}
          role="img"
          aria-label={`Page ${page}${of}${visit.watermark ? `, watermarked with ${visit.watermark}` : ''}`}
          data-testid="deck-page"
          className="max-w-full rounded-md border border-border bg-white shadow-sm"
        />
        {rendering ? <Spinner className="absolute top-1/2 left-1/2 -translate-1/2" label="Rendering the page" /> : null}
      </div>
      {loadFailed ? (
        <p role="alert" className="text-sm text-destructive">
          The rest of the deck could not be loaded in this browser. Reload the page to try again.
        </p>
      ) : null}
      <section aria-label={`Text of page ${page}`} className="sr-only">
        {text}
      </section>
      <nav
        aria-label="Pages"
        className="sticky bottom-2 flex items-center gap-2 rounded-full border border-border bg-card/95 px-2 py-1 shadow-md backdrop-blur"
      >
        <Button
          variant="ghost"
          size="icon-sm"
          onClick={() => go(page - 1)}
          disabled={page <= 1}
          aria-label="Previous page"
        >
          <ChevronLeft className="size-5" aria-hidden="true" />
        </Button>
        <span aria-live="polite" className="min-w-24 text-center text-sm tabular-nums" data-testid="page-indicator">
          Page {page}
          {of}
        </span>
        <Button
          variant="ghost"
          size="icon-sm"
          onClick={() => go(page + 1)}
          disabled={page >= last}
          aria-label="Next page"
        >
          <ChevronRight className="size-5" aria-hidden="true" />
        </Button>
        {visit.allowDownload ? (
          <Button variant="outline" size="sm" onClick={() => void download()} loading={downloading}>
            <Download className="size-4" aria-hidden="true" />
            Download
          </Button>
        ) : null}
      </nav>
    </div>
  );
}

/** The router's /d/$token (the app's own bundle, e.g. in `vite` dev); the server serves viewer.html there. */
export function DeckViewerPage() {
  const token = window.location.pathname.split('/d/')[1]?.split('/')[0] ?? '';
  return <DeckViewer token={decodeURIComponent(token)} />;
}
