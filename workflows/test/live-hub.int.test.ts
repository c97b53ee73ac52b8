import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../src/automation/browser';
import { LiveHub } from '../src/live/hub';

/**
 * The live view's screencast runs only while someone watches: a run nobody
 * looks at costs no JPEG encoding. Real Chromium; the page repaints all the time (a counter).
 */
let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 640, height: 400 } });
  await page.setContent(
    '<p id="n">0</p><script>let i = 0; setInterval(() => (document.getElementById("n").textContent = String(++i)), 30);</script>',
  );
});
afterAll(async () => browser?.close());

const frames = (hub: LiveHub, id: string) => {
  const got: number[] = [];
  const off = hub.subscribe(id, (e) => e.kind === 'frame' && got.push(e.at));
  return { got, off };
};
/** Waits (bounded) until the page's counter has repainted `n` more times: time in which frames would have come. */
const repaints = async (p: Page, n: number) => {
  const from = Number(await p.textContent('#n'));
  await p.waitForFunction((t) => Number(document.getElementById('n')!.textContent) >= t, from + n, {
    timeout: 10_000,
  });
};

describe('live hub', () => {
  it('streams a run only while a viewer here or in another process watches it', async () => {
    const saved: Array<{ frame: Buffer | null }> = [];
    const hub = new LiveHub({ save: async (_run, s) => void saved.push(s), remove: async () => undefined }, 100);
    const session = hub.open({ submissionId: 's1', attemptId: 'a1' });
    expect(await session.attach(page)).toBe(true);
    await expect.poll(() => saved.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await repaints(page, 20);
    // Nobody watches: live (a row for other processes), but no frame was made.
    expect(hub.isLive('s1')).toBe(true);
    expect(hub.isStreaming('s1')).toBe(false);
    expect(hub.snapshot('s1')!.frame).toBeNull();
    expect(saved.length).toBeGreaterThan(0);
    expect(saved.every((s) => s.frame === null)).toBe(true);

    // A viewer here: frames flow to it.
    const viewer = frames(hub, 's1');
    await expect.poll(() => viewer.got.length, { timeout: 10_000 }).toBeGreaterThan(3);
    viewer.off();

    // A viewer in another process (its API's stream says so): frames are made and saved for it.
    const remote = new LiveHub({ save: async (_run, s) => void saved.push(s), remove: async () => undefined }, 100);
    const other = remote.open({ submissionId: 's2', attemptId: 'a2' });
    const page2 = await browser.newPage({ viewport: { width: 640, height: 400 } });
    await page2.setContent(
      '<p id="n">0</p><script>let i = 0; setInterval(() => (document.getElementById("n").textContent = String(++i)), 30);</script>',
    );
    await other.attach(page2);
    await repaints(page2, 15);
    expect(remote.snapshot('s2')!.frame).toBeNull();
    remote.watchRemotely('s2');
    await expect.poll(() => remote.snapshot('s2')!.frame !== null, { timeout: 10_000 }).toBe(true);
    expect(saved.some((s) => s.frame !== null)).toBe(true);
    await other.close();
    await page2.close();
    expect(remote.isLive('s2')).toBe(false);
    await session.close();
  });

  it('stops streaming once nobody watches any more', async () => {
    // The idle check runs every 200 ms here (5 s in the product).
    const hub = new LiveHub(undefined, 100, 200);
    const session = hub.open({ submissionId: 's3', attemptId: 'a3' });
    await session.attach(page);
    const viewer = frames(hub, 's3');
    await expect.poll(() => viewer.got.length, { timeout: 10_000 }).toBeGreaterThan(3);
    expect(hub.isStreaming('s3')).toBe(true);
    viewer.off();
    // After the next idle check the screencast stops, and the page's repaints make no more frames.
    await expect.poll(() => hub.isStreaming('s3'), { timeout: 5_000 }).toBe(false);
    const at = hub.snapshot('s3')!.at;
    await repaints(page, 30);
    expect(hub.snapshot('s3')!.at).toBe(at);
    await session.close();
  });
});
