import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyToFirm, launchBrowser } from '../src/automation';
import { startSandbox, type Sandbox } from '../src/sandbox';
import { TEST_PROFILE as P } from './fixtures/profile';

let sandbox: Sandbox;
let browser: Browser;
beforeAll(async () => {
  [sandbox, browser] = await Promise.all([startSandbox(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

const run = (slug: string) => applyToFirm({ url: `${sandbox.url}/${slug}/`, profile: P, browser, allowPrivate: true });

describe('proof of an application', () => {
  it('keeps the request that sent a form posted with a redirect, and the page at the confirmation', async () => {
    const r = await run('beacon-ventures');
    expect(r.status, r.error ?? '').toBe('completed');
    // The POST itself, answered with the redirect, not the GET of the thank-you page after it.
    expect(r.sentRequest).toEqual({ method: 'POST', url: `${sandbox.url}/beacon-ventures/apply`, status: 303 });
    expect(r.pageHtml).toContain(r.confirmationText!.split(' ')[0]);
    expect(r.pageHtml).toMatch(/^<!DOCTYPE html>/i);
  });

  it('keeps the data request of a form sent by script (fetch, JSON), not a page navigation', async () => {
    const r = await run('kestrel-ventures');
    expect(r.status, r.error ?? '').toBe('completed');
    expect(r.sentRequest).toEqual({
      method: 'POST',
      url: `${sandbox.url}/kestrel-ventures/api/submissions`,
      status: 200,
    });
  });

  it('a run that never sent anything has no sent request, and still keeps the page it ended on', async () => {
    const r = await run('sentinel-capital');
    expect(r.status).toBe('failed');
    expect(r.sentRequest).toBeNull();
    expect(r.pageHtml).toMatch(/<form/i);
  });
});
