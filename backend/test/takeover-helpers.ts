import type { Browser } from 'playwright-core';
import { waitUntil } from './submissions-helpers';

/** The sandbox firm whose CAPTCHA a person solves (tick "I am human", type the code shown). */
export const WARDEN = 'warden-ventures';

/** Where the challenge's "I am human" box is on a page like the run's (same site, same 1280 × 900 viewport). */
export async function checkboxCentre(browser: Browser, sandboxUrl: string): Promise<{ x: number; y: number }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await page.goto(`${sandboxUrl}/${WARDEN}/apply`);
    const b = (await page.locator('#hc-box').boundingBox())!;
    return { x: b.x + 14, y: b.y + b.height / 2 };
  } finally {
    await page.close();
  }
}

/** The code the newest challenge shows, as the founder reads it off the live view's screen. */
export const issuedCode = (sandboxUrl: string) =>
  waitUntil('the challenge code', async () => {
    const res = await fetch(`${sandboxUrl}/${WARDEN}/human/issued`);
    return ((await res.json()) as { codes: string[] }).codes.at(-1) ?? null;
  });

/** POST to the live view's control routes the way the live page does (its token in the URL). */
export async function control(
  baseUrl: string,
  liveUrl: string,
  action: 'input' | 'continue' | 'stop',
  body: unknown = {},
) {
  const u = new URL(liveUrl, baseUrl);
  const res = await fetch(`${baseUrl}${u.pathname}/${action}${u.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

/** Where the atlas portal's sign-in fields are on a page like the run's (1280 × 900). */
export async function portalFields(
  browser: Browser,
  sandboxUrl: string,
): Promise<{ email: { x: number; y: number }; password: { x: number; y: number } }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await page.goto(`${sandboxUrl}/atlas-ventures/portal/login`);
    const centre = async (sel: string) => {
      const b = (await page.locator(sel).boundingBox())!;
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    return { email: await centre('#l-email'), password: await centre('#l-pw') };
  } finally {
    await page.close();
  }
}
