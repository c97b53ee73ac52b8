import type { Page } from 'playwright-core';

export interface ScreencastOptions {
  quality?: number;
  maxWidth?: number;
  maxHeight?: number;
}

/**
 * Streams a page's screen through the Chrome DevTools Protocol (Page.startScreencast): Chromium
 * sends a JPEG whenever the page repaints, and waits for our acknowledgement before sending the next
 * one, so a slow consumer slows the stream instead of piling frames up. Returns a stopper.
 */
export async function startScreencast(
  page: Page,
  onFrame: (jpegBase64: string) => void,
  opts: ScreencastOptions = {},
): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  let stopped = false;
  cdp.on('Page.screencastFrame', (frame) => {
    if (stopped) return;
    try {
      onFrame(frame.data);
    } finally {
      cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => undefined);
    }
  });
  await cdp.send('Page.startScreencast', {
    format: 'jpeg',
    quality: opts.quality ?? 60,
    maxWidth: opts.maxWidth ?? 1280,
    maxHeight: opts.maxHeight ?? 900,
    everyNthFrame: 1,
  });
  return async () => {
    if (stopped) return;
    stopped = true;
    await cdp.send('Page.stopScreencast').catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  };
}
