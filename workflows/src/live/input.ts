import type { CDPSession, Page } from 'playwright-core';

/** One input from the founder's live view, in the screencast frame's pixels (see contracts TakeoverInput). */
export type PageInput =
  | { type: 'click'; x: number; y: number; frameWidth: number; frameHeight: number }
  | { type: 'type'; text: string }
  | { type: 'key'; key: string; shift?: boolean }
  | { type: 'scroll'; x: number; y: number; frameWidth: number; frameHeight: number; deltaY: number };

/** DOM key → Windows virtual key code and the text a key press types (CDP needs both for keys to act). */
const KEYS: Record<string, { code: string; vk: number; text?: string; key?: string }> = {
  Enter: { code: 'Enter', vk: 13, text: '\r' },
  Tab: { code: 'Tab', vk: 9 },
  Backspace: { code: 'Backspace', vk: 8 },
  Delete: { code: 'Delete', vk: 46 },
  Escape: { code: 'Escape', vk: 27 },
  ArrowLeft: { code: 'ArrowLeft', vk: 37 },
  ArrowUp: { code: 'ArrowUp', vk: 38 },
  ArrowRight: { code: 'ArrowRight', vk: 39 },
  ArrowDown: { code: 'ArrowDown', vk: 40 },
  Space: { code: 'Space', vk: 32, text: ' ', key: ' ' },
  Home: { code: 'Home', vk: 36 },
  End: { code: 'End', vk: 35 },
  PageUp: { code: 'PageUp', vk: 33 },
  PageDown: { code: 'PageDown', vk: 34 },
};

/**
 * Plays the founder's input on the page with Chrome DevTools Protocol input events, as a person's
 * mouse and keyboard would (trusted events, unlike script-made ones). The screencast frame is the
 * viewport scaled down to fit 1280 × 900, so a point on the frame is scaled back to the viewport.
 */
export class PageInputChannel {
  private cdp: Promise<CDPSession> | null = null;

  constructor(private readonly page: Page) {}

  private session(): Promise<CDPSession> {
    this.cdp ??= this.page.context().newCDPSession(this.page);
    return this.cdp;
  }

  private async toViewport(p: { x: number; y: number; frameWidth: number; frameHeight: number }) {
    const vp =
      this.page.viewportSize() ??
      (await this.page.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight })));
    const clamp = (v: number, max: number) => Math.min(Math.max(0, v), max - 1);
    return {
      x: clamp((p.x * vp.width) / p.frameWidth, vp.width),
      y: clamp((p.y * vp.height) / p.frameHeight, vp.height),
    };
  }

  async send(input: PageInput): Promise<void> {
    const cdp = await this.session();
    switch (input.type) {
      case 'click': {
        const { x, y } = await this.toViewport(input);
        await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
        await cdp.send('Input.dispatchMouseEvent', {
          type: 'mousePressed',
          x,
          y,
          button: 'left',
          buttons: 1,
          clickCount: 1,
        });
        await cdp.send('Input.dispatchMouseEvent', {
          type: 'mouseReleased',
          x,
          y,
          button: 'left',
          buttons: 0,
          clickCount: 1,
        });
        return;
      }
      case 'type':
        await cdp.send('Input.insertText', { text: input.text });
        return;
      case 'key': {
        const k = KEYS[input.key];
        if (!k) throw new Error(`Unknown key ${input.key}`);
        const base = {
          key: k.key ?? input.key,
          code: k.code,
          windowsVirtualKeyCode: k.vk,
          nativeVirtualKeyCode: k.vk,
          modifiers: input.shift ? 8 : 0,
        };
        await cdp.send('Input.dispatchKeyEvent', {
          type: k.text ? 'keyDown' : 'rawKeyDown',
          ...base,
          ...(k.text ? { text: k.text, unmodifiedText: k.text } : {}),
        });
        await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...base });
        return;
      }
      case 'scroll': {
        const { x, y } = await this.toViewport(input);
        await cdp.send('Input.dispatchMouseEvent', { type: 'mouseWheel', x, y, deltaX: 0, deltaY: input.deltaY });
        return;
      }
    }
  }

  async close(): Promise<void> {
    const cdp = this.cdp;
    this.cdp = null;
    if (cdp) await (await cdp.catch(() => null))?.detach().catch(() => undefined);
  }
}
