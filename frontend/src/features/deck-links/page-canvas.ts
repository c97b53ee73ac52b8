/** Drawing a deck page into the viewer's canvas: its size on screen, the cover image, the watermark. */

export interface Box {
  width: number;
  height: number;
}

export interface CanvasSize {
  /** From the page's units to the canvas's pixels. */
  scale: number;
  width: number;
  height: number;
  cssWidth: number;
  cssHeight: number;
}

/**
 * A page of `w` × `h` (PDF units or image pixels) as large as fits the box (CSS pixels), sharp on a
 * screen of `dpr` density (at most 3).
 */
export function fitSize(w: number, h: number, box: Box, dpr: number): CanvasSize {
  const density = Math.min(dpr || 1, 3);
  const fit = Math.min(box.width / w, box.height / h);
  return {
    scale: fit * density,
    width: Math.floor(w * fit * density),
    height: Math.floor(h * fit * density),
    cssWidth: Math.floor(w * fit),
    cssHeight: Math.floor(h * fit),
  };
}

/** Puts a drawn page on screen in one step (resizing a canvas clears it, so it is done only here). */
export function showPage(canvas: HTMLCanvasElement, drawn: CanvasImageSource, size: CanvasSize) {
  canvas.width = size.width;
  canvas.height = size.height;
  canvas.style.width = `${size.cssWidth}px`;
  canvas.style.height = `${size.cssHeight}px`;
  canvas.getContext('2d')?.drawImage(drawn, 0, 0, size.width, size.height);
}

/**
 * Draws `text` across the page, repeated diagonally, into the canvas's pixels: red letters with a
 * light outline, so it reads on a dark slide as well as on a white one.
 */
export function drawWatermark(canvas: HTMLCanvasElement, text: string) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { width, height } = canvas;
  const size = Math.max(14, Math.round(width / 28));
  ctx.save();
  ctx.font = `700 ${size}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(2, size / 8);
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.4)';
  ctx.fillStyle = 'rgba(220, 38, 38, 0.34)';
  ctx.translate(width / 2, height / 2);
  ctx.rotate(-Math.atan2(height, width));
  const step = size * 5;
  const span = Math.hypot(width, height);
  for (let y = -span / 2; y <= span / 2; y += step) {
    ctx.strokeText(text, 0, y);
    ctx.fillText(text, 0, y);
  }
  ctx.restore();
}

/** Draws the deck's first page from its pre-rendered image (shown while pdf.js loads). */
export function drawCover(canvas: HTMLCanvasElement, image: ImageBitmap, box: Box, watermark: string | null) {
  showPage(canvas, image, fitSize(image.width, image.height, box, window.devicePixelRatio));
  if (watermark) drawWatermark(canvas, watermark);
}
