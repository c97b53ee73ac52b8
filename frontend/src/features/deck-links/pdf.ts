/**
 * pdf.js (pdfjs-dist), loaded only by the deck viewer: the legacy build, so older phone browsers
 * render too. Pages are drawn into a canvas; a watermark is drawn into the same pixels.
 */
import type { PDFDocumentProxy, PDFWorker } from 'pdfjs-dist';
import { drawWatermark, fitSize, showPage, type Box } from './page-canvas';

export type { PDFDocumentProxy };

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let loading: Promise<{ pdfjs: PdfJs; worker: PDFWorker }> | null = null;

/**
 * Fetches pdf.js and starts its worker, once. The viewer calls it as it arrives, so the 1.7 MB of
 * pdf.js and worker download and compile while the link's API calls and the PDF's download run,
 * instead of after them (that wait was most of the time to the first page).
 */
export function preloadPdf(): Promise<{ pdfjs: PdfJs; worker: PDFWorker }> {
  loading ??= (async () => {
    const [pdfjs, workerUrl] = await Promise.all([
      import('pdfjs-dist/legacy/build/pdf.mjs'),
      import('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url'),
    ]);
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl.default;
    return { pdfjs, worker: new pdfjs.PDFWorker() };
  })();
  // A failed load (offline for a moment) may be tried again by the next call.
  loading.catch(() => (loading = null));
  return loading;
}

/**
 * Opens the deck from its URL: pdf.js asks for byte ranges when the server offers them (the file
 * route does), so the first page is drawn before the whole file has arrived.
 */
export async function openPdf(url: string, headers: Record<string, string>): Promise<PDFDocumentProxy> {
  const { pdfjs, worker } = await preloadPdf();
  // No fonts or scripts from anywhere else: the deck is rendered from the bytes we were given.
  return pdfjs.getDocument({
    url,
    httpHeaders: headers,
    rangeChunkSize: 128 * 1024,
    worker,
    isEvalSupported: false,
    enableXfa: false,
  }).promise as Promise<PDFDocumentProxy>;
}

/**
 * Renders one page as large as fits the box given (CSS pixels: the width, and the height on a wide
 * screen so a landscape slide is seen whole), sharp on high-density screens; answers its text for
 * screen readers.
 */
export async function renderPage(
  doc: PDFDocumentProxy,
  n: number,
  canvas: HTMLCanvasElement,
  box: Box,
  watermark: string | null,
): Promise<string> {
  const page = await doc.getPage(n);
  const base = page.getViewport({ scale: 1 });
  const size = fitSize(base.width, base.height, box, window.devicePixelRatio);
  // Drawn off screen, then shown in one step: the cover (or the previous page) stays until then.
  const off = document.createElement('canvas');
  off.width = size.width;
  off.height = size.height;
  await page.render({ canvas: off, viewport: page.getViewport({ scale: size.scale }) }).promise;
  showPage(canvas, off, size);
  if (watermark) drawWatermark(canvas, watermark);
  const text = await page.getTextContent();
  return text.items
    .map((i) => ('str' in i ? i.str : ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
