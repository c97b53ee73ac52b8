// Scanning every frame of a page (forms often live in iframes) and polling it while scripts render.
import type { Frame, Page } from 'playwright-core';
import { frameText, scanFrame, type FrameScan } from './dom-scan';

export interface ScannedFrame {
  frame: Frame;
  scan: FrameScan;
}

export async function scanAllFrames(page: Page): Promise<ScannedFrame[]> {
  const out: ScannedFrame[] = [];
  for (const frame of page.frames()) {
    if (frame.isDetached()) continue;
    try {
      out.push({ frame, scan: await scanFrame(frame) });
    } catch {
      // frame navigating or gone; the next poll sees it again
    }
  }
  return out;
}

/** Visible text lines of all frames, for before/after comparisons. */
export async function allLines(page: Page): Promise<string[]> {
  const lines: string[] = [];
  for (const frame of page.frames()) {
    if (frame.isDetached()) continue;
    try {
      for (const l of (await frameText(frame)).split('\n')) {
        const t = l.replace(/\s+/g, ' ').trim();
        if (t) lines.push(t.slice(0, 400));
      }
    } catch {
      /* navigating */
    }
  }
  return lines;
}

/** Texts of visible error-styled elements in all frames. */
export async function allErrors(page: Page): Promise<string[]> {
  const scans = await scanAllFrames(page);
  return scans.flatMap((s) => s.scan.errors);
}
