import type { Browser } from 'playwright-core';
import { launchBrowser } from '../automation/browser';

/**
 * One Chromium per worker process, shared by its concurrent runs (each gets its own context):
 * launched on first use, launched again after a crash, closed after a quiet minute to give the
 * memory back. Launching costs about half a second; sharing keeps it off every application.
 */
export class SharedBrowser {
  private browser: Browser | null = null;
  private launching: Promise<Browser> | null = null;
  private users = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly idleMs = 60_000) {}

  async acquire(): Promise<{ browser: Browser; release: () => void }> {
    if (this.closed) throw new Error('The browser pool is closed');
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.users++;
    try {
      const browser = await this.get();
      let released = false;
      return {
        browser,
        release: () => {
          if (released) return;
          released = true;
          this.users--;
          this.scheduleIdle();
        },
      };
    } catch (err) {
      this.users--;
      throw err;
    }
  }

  private async get(): Promise<Browser> {
    if (this.browser?.isConnected()) return this.browser;
    this.launching ??= launchBrowser()
      .then((b) => {
        this.browser = b;
        b.on('disconnected', () => {
          if (this.browser === b) this.browser = null;
        });
        return b;
      })
      .finally(() => {
        this.launching = null;
      });
    return this.launching;
  }

  private scheduleIdle() {
    if (this.users > 0 || this.closed) return;
    this.idleTimer = setTimeout(() => {
      if (this.users === 0) void this.shutBrowser();
    }, this.idleMs);
    this.idleTimer.unref();
  }

  private async shutBrowser() {
    const b = this.browser;
    this.browser = null;
    await b?.close().catch(() => undefined);
  }

  async close() {
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    await this.launching?.catch(() => undefined);
    await this.shutBrowser();
  }
}
