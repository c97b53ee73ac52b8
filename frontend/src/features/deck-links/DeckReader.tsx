import { API_ROUTES, apiPath, type StartDeckVisitResponse } from '@fp/contracts';
import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { saveResponse } from '../../lib/download';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { drawCover } from './page-canvas';
import { openPdf, renderPage, type PDFDocumentProxy } from './pdf';
import { ReadingTracker } from './reading-tracker';

/** How often the reader's page times are sent while reading. */
const REPORT_MS = 5000;

/** The room a page has on screen (CSS pixels). */
const pageBox = (frame: HTMLElement | null) => ({
  width: Math.min(frame?.clientWidth ?? 800, 1100),
  // Phones scroll a tall page; wider screens see the whole page above the page buttons.
  height: window.innerWidth < 640 ? Number.POSITIVE_INFINITY : Math.max(320, window.innerHeight - 200),
});

/**
 * The deck on screen for a started visit: the cover at once, then pdf.js's pages; page times reported
 * as they are read.
 */
export function DeckReader({
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
  // Whether a page (the cover or a live one) is on screen yet: reading time starts then.
  const drawn = useRef(false);
  const markDrawn = useCallback(() => {
    drawn.current = true;
    tracker.current?.markDrawn();
  }, []);
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
        markDrawn();
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
  }, [call, session, visitIds, visit.watermark, markDrawn]);

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
    tracker.current = new ReadingTracker(
      () => performance.now(),
      document.visibilityState === 'visible',
      drawn.current,
    );
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
        markDrawn();
        if (cancelled) return;
        setText(t);
        setRendering(false);
      },
      () => !cancelled && setRendering(false),
    );
    return () => {
      cancelled = true;
    };
  }, [doc, page, visit.watermark, markDrawn]);

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
