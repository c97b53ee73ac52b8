// Applies the URL safety policy to every request the page makes (redirects, iframes, scripts, fetches),
// not only to the first URL: a public page must not be able to steer the browser into the private network.
import type { BrowserContext } from 'playwright-core';
import { checkUrlSafety, type Resolver, type SafetyPolicy } from './url-safety';

export async function installRequestGuard(context: BrowserContext, policy: SafetyPolicy, blocked: string[], resolve?: Resolver): Promise<void> {
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
    const url = route.request().url();
    if (!/^(https?|wss?):/i.test(url)) return route.continue().catch(() => undefined);
    if (await allowed(url.replace(/^ws/i, 'http'))) return route.continue().catch(() => undefined);
    blocked.push(url);
    return route.abort('blockedbyclient').catch(() => undefined);
  });
  await context.routeWebSocket(/.*/, async (ws) => {
    if (await allowed(ws.url().replace(/^ws/i, 'http'))) ws.connectToServer();
    else {
      blocked.push(ws.url());
      await ws.close({ code: 1008, reason: 'blocked' }).catch(() => undefined);
    }
  });
}
