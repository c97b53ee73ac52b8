import { createRequire } from 'node:module';
import path from 'node:path';
import type { FileStorage } from '../../platform/storage/index';

/** How wide the cover is drawn: sharp on a phone at 3x and on a laptop, small as a WebP. */
const COVER_WIDTH = 1200;
/** A deck that takes longer than this to draw gets no cover; the viewer then waits for pdf.js. */
const RENDER_TIMEOUT_MS = 20_000;

/** Where a deck version's PDF is kept. */
export const deckFileKey = (userId: string, deckId: string) => `decks/${userId}/${deckId}.pdf`;
/** Where a deck's cover image is kept: beside its PDF, one per deck version. */
export const coverKey = (deckKey: string) => deckKey.replace(/\.pdf$/, '') + '.cover.webp';

/** Removes a deck version's PDF and its cover; a file already gone is no error. */
export async function deleteDeckFiles(storage: FileStorage, userId: string, deckId: string) {
  const key = deckFileKey(userId, deckId);
  await Promise.all([storage.delete(key), storage.delete(coverKey(key))]).catch(() => undefined);
}

const standardFonts = () =>
  path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') +
  path.sep;

async function draw(bytes: Buffer): Promise<Buffer> {
  // Loaded on first use: pdf.js and the canvas are only needed when a deck is uploaded or first shown.
  const [pdfjs, { createCanvas }] = await Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import('@napi-rs/canvas'),
  ]);
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    enableXfa: false,
    standardFontDataUrl: standardFonts(),
  }).promise;
  try {
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: COVER_WIDTH / base.width });
    const canvas = createCanvas(Math.floor(viewport.width), Math.floor(viewport.height));
    const context = canvas.getContext('2d');
    // White under the page, as a PDF reader shows it (a PDF page has no background of its own).
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: context as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    return Buffer.from(await canvas.encode('webp', 82));
  } finally {
    await doc.destroy();
  }
}

/**
 * The deck's first page as an image, drawn on the server with pdf.js (no browser needed), so the
 * viewer can show it the moment a visit starts while the PDF and pdf.js still load. Null when the
 * page cannot be drawn in time: the viewer then simply waits for the live page.
 */
async function renderDeckCover(bytes: Buffer): Promise<Buffer | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS)));
  try {
    return await Promise.race([draw(bytes).catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Draws and stores the cover of a stored deck; a failure leaves no cover, never a broken one. */
export async function storeDeckCover(storage: FileStorage, deckKey: string, bytes: Buffer): Promise<Buffer | null> {
  const cover = await renderDeckCover(bytes);
  if (cover) await storage.put(coverKey(deckKey), cover, { contentType: 'image/webp' }).catch(() => undefined);
  return cover;
}
