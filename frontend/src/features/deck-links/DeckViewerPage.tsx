import { API_ROUTES, apiPath, type DeckViewInfo, type StartDeckVisitResponse } from '@fp/contracts';
import { useParams } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight, Download, Eye } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Brand } from '../../app/Brand';
import { saveResponse } from '../../lib/download';
import { useIdentity, useIdentityStore } from '../../lib/identity';
import { Button, Card, Field, Input, Spinner } from '../../ui';
import { openPdf, preloadPdf, renderPage, type PDFDocumentProxy } from './pdf';
import { ReadingTracker } from './reading-tracker';

/** How often the reader's page times are sent while reading. */
const REPORT_MS = 5000;
const TRACKING_NOTICE =
  'Viewing is tracked: the founder sees that this deck was opened, with the e-mail address you give, which pages were read and for how long.';

type Phase =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'gate'; info: DeckViewInfo }
  | { kind: 'reading'; info: DeckViewInfo; visit: StartDeckVisitResponse; doc: PDFDocumentProxy };

async function messageOf(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { error?: string } | null;
  return body?.error ?? `The deck could not be loaded (HTTP ${res.status}).`;
}

/**
 * /d/:token — the public deck viewer (no account). Asks what the link requires (e-mail, passcode),
 * says that viewing is tracked, then renders the founder's PDF page by page with pdf.js, the
 * watermark drawn into each page image, and reports visible time per page. The founder's own
 * session makes it a preview that is not counted (the server decides).
 */
export function DeckViewerPage() {
  const { token } = useParams({ strict: false }) as { token: string };
  const identity = useIdentity();
  const store = useIdentityStore();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const base = apiPath(API_ROUTES.deckViewer, { token });

  const call = useCallback(
    async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      if (identity.signedIn) {
        const t = await store.getToken().catch(() => null);
        if (t) headers.set('authorization', `Bearer ${t}`);
      }
      return fetch(url, { ...init, headers });
    },
    [identity.signedIn, store],
  );

  const start = useCallback(
    async (info: DeckViewInfo, body: { email?: string; passcode?: string }): Promise<string | null> => {
      const res = await call(apiPath(API_ROUTES.deckViewerVisits, { token }), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) return messageOf(res);
      const visit = (await res.json()) as StartDeckVisitResponse;
      const file = await call(apiPath(API_ROUTES.deckViewerVisitFile, { token, visitId: visit.visitId }));
      if (!file.ok) return messageOf(file);
      try {
        const doc = await openPdf(await file.arrayBuffer());
        setPhase({ kind: 'reading', info, visit, doc });
        return null;
      } catch {
        return 'The deck could not be opened in this browser.';
      }
    },
    [call, token],
  );

  // pdf.js and its worker load alongside the session check and the link's API calls, not after them.
  useEffect(() => {
    preloadPdf().catch(() => undefined);
  }, []);
  // What the link asks for needs no session: asked at once, beside the session check (the session
  // matters only from the visit on, which makes the founder's own visit a preview).
  const infoRequest = useMemo(() => withBody(fetch(base)), [base]);

  useEffect(() => {
    if (!identity.loaded) return;
    let cancelled = false;
    void (async () => {
      // The answer depends on who asks (the founder's own link skips its gate): a signed-in viewer asks
      // again with the session; investors, who have none, keep the early answer.
      const got = identity.signedIn ? await withBody(call(base)) : await infoRequest;
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
      if (!info.requireEmail && !info.requirePasscode) {
        const problem = await start(info, {});
        if (problem && !cancelled) setPhase({ kind: 'failed', message: problem });
      } else setPhase({ kind: 'gate', info });
    })();
    return () => {
      cancelled = true;
    };
  }, [identity.loaded, identity.signedIn, infoRequest, call, base, start]);

  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <header className="flex items-center justify-between gap-3 border-b border-border px-4 py-2">
        <Brand />
        {phase.kind === 'reading' ? (
          <span className="truncate text-sm text-muted-foreground">{phase.visit.fileName}</span>
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
        {phase.kind === 'reading' ? <Reader token={token} doc={phase.doc} visit={phase.visit} call={call} /> : null}
      </main>
      <footer
        className="border-t border-border px-4 py-2 text-center text-xs text-muted-foreground"
        data-testid="tracking-notice"
      >
        <Eye className="mr-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
        {TRACKING_NOTICE}
      </footer>
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
        <p className="text-sm text-muted-foreground">{TRACKING_NOTICE}</p>
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

function Reader({
  token,
  doc,
  visit,
  call,
}: {
  token: string;
  doc: PDFDocumentProxy;
  visit: StartDeckVisitResponse;
  call(url: string, init?: RequestInit): Promise<Response>;
}) {
  const pages = doc.numPages;
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [rendering, setRendering] = useState(true);
  const [downloading, setDownloading] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const tracker = useRef<ReadingTracker | null>(null);
  const sentCount = useRef(false);
  const visitIds = useMemo(() => ({ token, visitId: visit.visitId }), [token, visit.visitId]);

  // Page times: reported every few seconds, when the tab is hidden and when the page is left.
  const report = useCallback(
    (leaving = false) => {
      const t = tracker.current;
      if (!t) return;
      const read = t.take();
      if (!read.length && sentCount.current) return;
      const body = JSON.stringify({
        pages: read,
        lastPage: t.current,
        ...(sentCount.current ? {} : { pageCount: pages }),
      });
      sentCount.current = true;
      void call(apiPath(API_ROUTES.deckViewerVisitPages, visitIds), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        keepalive: leaving,
      }).catch(() => undefined);
    },
    [call, visitIds, pages],
  );

  useEffect(() => {
    tracker.current = new ReadingTracker(() => performance.now(), document.visibilityState === 'visible');
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
    let cancelled = false;
    const el = canvas.current;
    const width = Math.min(frame.current?.clientWidth ?? 800, 1100);
    // Phones scroll a tall page; wider screens see the whole page above the page buttons.
    const height = window.innerWidth < 640 ? Number.POSITIVE_INFINITY : Math.max(320, window.innerHeight - 200);
    if (!el) return;
    setRendering(true);
    void renderPage(doc, page, el, { width, height }, visit.watermark).then(
      (t) => {
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

  const go = (n: number) => setPage(Math.min(pages, Math.max(1, n)));
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'ArrowRight' || e.key === 'PageDown') setPage((p) => Math.min(pages, p + 1));
      else if (e.key === 'ArrowLeft' || e.key === 'PageUp') setPage((p) => Math.max(1, p - 1));
      else if (e.key === 'Home') setPage(1);
      else if (e.key === 'End') setPage(pages);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [pages]);

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
          aria-label={`Page ${page} of ${pages}${visit.watermark ? `, watermarked with ${visit.watermark}` : ''}`}
          data-testid="deck-page"
          className="max-w-full rounded-md border border-border bg-white shadow-sm"
        />
        {rendering ? <Spinner className="absolute top-1/2 left-1/2 -translate-1/2" label="Rendering the page" /> : null}
      </div>
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
          Page {page} of {pages}
        </span>
        <Button
          variant="ghost"
          size="icon-sm"
          onClick={() => go(page + 1)}
          disabled={page >= pages}
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
