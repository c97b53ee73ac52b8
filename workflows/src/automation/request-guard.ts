// Applies the URL safety policy to every request the page makes (redirects, iframes, scripts, fetches),
// not only to the first URL: a public page must not be able to steer the browser into the private network.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import type { ApplyTimeouts } from './types';
import { checkUrlSafety, type Resolver, type SafetyPolicy } from './url-safety';

async function installRequestGuard(
  context: BrowserContext,
  policy: SafetyPolicy,
  blocked: string[],
  resolve?: Resolver,
  fetchTimeoutMs = 30_000,
): Promise<void> {
  const verdicts = new Map<string, Promise<boolean>>();
  const allowed = (url: string): Promise<boolean> => {
    let host: string;
    try {
      host = new URL(url).host;
    } catch {
      return Promise.resolve(false);
    }
    let p = verdicts.get(host);
    if (!p) {
      p = checkUrlSafety(url, policy, resolve).then((v) => v.ok);
      verdicts.set(host, p);
    }
    return p;
  };
  await context.route('**/*', async (route) => {
    const request = route.request();
    const url = request.url();
    if (!/^(https?|wss?):/i.test(url)) return route.continue().catch(() => undefined);
    if (!(await allowed(url.replace(/^ws/i, 'http')))) {
      blocked.push(url);
      return route.abort('blockedbyclient').catch(() => undefined);
    }
    if (!isNavigation(request)) return route.continue().catch(() => undefined);
    // A page load is fetched here without following redirects: the browser follows a redirect
    // itself and its routes never see the next hop, so an allowed page could steer it into the
    // private network. Handed back as a redirect, the next hop comes through this guard again.
    try {
      const response = await route.fetch({ maxRedirects: 0, timeout: fetchTimeoutMs });
      const location = response.status() >= 300 && response.status() < 400 ? response.headers()['location'] : undefined;
      if (location) {
        const next = new URL(location, url).href;
        if (!/^https?:/i.test(next) || !(await allowed(next))) {
          blocked.push(next);
          return route.abort('blockedbyclient').catch(() => undefined);
        }
      }
      return route.fulfill({ response }).catch(() => undefined);
    } catch {
      return route.abort('failed').catch(() => undefined);
    }
  });
  await context.routeWebSocket(/.*/, async (ws) => {
    if (await allowed(ws.url().replace(/^ws/i, 'http'))) ws.connectToServer();
    else {
      blocked.push(ws.url());
      await ws.close({ code: 1008, reason: 'blocked' }).catch(() => undefined);
    }
  });
}

const isNavigation = (request: Request): boolean => {
  try {
    return request.isNavigationRequest();
  } catch {
    return false;
  }
};

/**
 * A fresh browser context with the guard installed and one page, as both the application run and the
 * registry's discovery open it: desktop size, English, no downloads or service workers, popups closed.
 */
export async function openGuardedPage(
  browser: Browser,
  policy: SafetyPolicy,
  blocked: string[],
  timeouts: Pick<ApplyTimeouts, 'actionMs' | 'navigationMs'>,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    acceptDownloads: false,
    serviceWorkers: 'block',
  });
  await installRequestGuard(context, policy, blocked, undefined, timeouts.navigationMs);
  const page = await context.newPage();
  page.setDefaultTimeout(timeouts.actionMs);
  page.setDefaultNavigationTimeout(timeouts.navigationMs);
  context.on('page', (p) => {
    if (p !== page) p.close().catch(() => undefined); // popups are not followed; links are opened in place
  });
  return { context, page };
}
