import { degrees, PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/** What Helvetica (WinAnsi) can write; anything else becomes '?' rather than failing the download. */
const writable = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');

/**
 * The deck with `text` (the viewer's e-mail) written across every page, diagonally and repeated, as
 * the viewer draws it on screen: a watermarked link's download carries the watermark too. Red with a
 * light outline, so it reads on dark and light slides alike.
 */
export async function watermarkPdf(bytes: Buffer, text: string): Promise<Buffer> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  const line = writable(text);
  for (const page of doc.getPages()) {
    const { width, height } = page.getSize();
    const size = Math.max(10, width / 28);
    const angle = Math.atan2(height, width);
    const [dx, dy] = [Math.cos(angle), Math.sin(angle)];
    const half = font.widthOfTextAtSize(line, size) / 2;
    const span = Math.hypot(width, height);
    for (let d = -span / 2; d <= span / 2; d += size * 5) {
      // Each line centred on the page's diagonal, moved `d` across it.
      const cx = width / 2 - dy * d;
      const cy = height / 2 + dx * d;
      const at = { x: cx - dx * half, y: cy - dy * half, size, font, rotate: degrees((angle * 180) / Math.PI) };
      page.drawText(line, { ...at, color: rgb(1, 1, 1), opacity: 0.4 });
      page.drawText(line, { ...at, color: rgb(0.86, 0.15, 0.15), opacity: 0.34 });
    }
  }
  return Buffer.from(await doc.save());
}
