/**
 * pdf.js (pdfjs-dist), loaded only by the deck viewer: the legacy build, so older phone browsers
 * render too. Pages are drawn into a canvas; a watermark is drawn into the same pixels.
 */
import type { PDFDocumentProxy, PDFPageProxy, PDFWorker } from 'pdfjs-dist';

export type { PDFDocumentProxy, PDFPageProxy };

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

export async function openPdf(data: ArrayBuffer): Promise<PDFDocumentProxy> {
  const { pdfjs, worker } = await preloadPdf();
  // No fonts or scripts from anywhere else: the deck is rendered from the bytes we were given.
  return pdfjs.getDocument({ data, worker, isEvalSupported: false, enableXfa: false })
    .promise as Promise<PDFDocumentProxy>;
}

/** Draws `text` across the page, repeated diagonally, into the canvas's pixels. */
export function drawWatermark(canvas: HTMLCanvasElement, text: string) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { width, height } = canvas;
  const size = Math.max(14, Math.round(width / 28));
  ctx.save();
  ctx.font = `600 ${size}px system-ui, sans-serif`;
  ctx.fillStyle = 'rgba(220, 38, 38, 0.22)';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.translate(width / 2, height / 2);
  ctx.rotate(-Math.atan2(height, width));
  const step = size * 5;
  const span = Math.hypot(width, height);
  for (let y = -span / 2; y <= span / 2; y += step) ctx.fillText(text, 0, y);
  ctx.restore();
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
  box: { width: number; height: number },
  watermark: string | null,
): Promise<string> {
  const page = await doc.getPage(n);
  const base = page.getViewport({ scale: 1 });
  const dpr = Math.min(window.devicePixelRatio || 1, 3);
  const fit = Math.min(box.width / base.width, box.height / base.height);
  const viewport = page.getViewport({ scale: fit * dpr });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.width = `${Math.floor(viewport.width / dpr)}px`;
  canvas.style.height = `${Math.floor(viewport.height / dpr)}px`;
  await page.render({ canvas, viewport }).promise;
  if (watermark) drawWatermark(canvas, watermark);
  const text = await page.getTextContent();
  return text.items
    .map((i) => ('str' in i ? i.str : ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
