import { afterAll, describe, expect, it } from 'vitest';
import { SharedBrowser } from '../src/engine/browser';

const pool = new SharedBrowser();
afterAll(async () => pool.close());

describe('one browser per worker process', () => {
  it('gives concurrent runs the same Chromium, each run its own context', async () => {
    const [a, b] = await Promise.all([pool.acquire(), pool.acquire()]);
    try {
      expect(a.browser).toBe(b.browser);
      const [ca, cb] = await Promise.all([a.browser.newContext(), b.browser.newContext()]);
      await ca.addCookies([{ name: 'run', value: 'a', domain: 'firm.example', path: '/' }]);
      // A fresh context shares nothing with another run's (cookies, storage).
      expect(await cb.cookies('https://firm.example/')).toEqual([]);
      await Promise.all([ca.close(), cb.close()]);
    } finally {
      a.release();
      b.release();
    }
  });

  it('launches a new browser when the shared one crashed', async () => {
    const first = await pool.acquire();
    const crashed = first.browser;
    first.release();
    // The browser going away under the pool: its connection drops, as when the process crashes.
    const gone = new Promise((r) => crashed.once('disconnected', r));
    await crashed.close();
    await gone;
    const next = await pool.acquire();
    try {
      expect(next.browser).not.toBe(crashed);
      expect(next.browser.isConnected()).toBe(true);
      const ctx = await next.browser.newContext();
      const page = await ctx.newPage();
      await page.setContent('<p>alive</p>');
      expect(await page.textContent('p')).toBe('alive');
      await ctx.close();
    } finally {
      next.release();
    }
  });
});
