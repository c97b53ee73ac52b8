import { launchBrowser } from '@fp/workflows';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startSplitRoles, type SplitRoles } from './split-roles';
import { testFirmId, TERMINAL, waitUntil } from './submissions-helpers';
import { checkboxCentre, control, issuedCode, WARDEN } from './takeover-helpers';

/**
 * Split roles in one test process: an API runtime (no worker), a projection runner and a workflow
 * worker on one database. The browser runs in the worker; the API serves the live view from the
 * worker's latest screen (submission_live); its stop and the founder's takeover controls reach the
 * worker through NOTIFY.
 */
let split: SplitRoles | undefined;
beforeAll(async () => {
  split = await startSplitRoles(inject('pgAdminUrl'));
}, 120_000);
afterAll(async () => {
  await split?.stop();
});

it('serves the live view and stops a run whose browser is in another process', async () => {
  const { worker, url, call, db } = split!;
  const { token } = await split!.founder(2);

  const submitted = await call('POST', '/api/submit-to-test-vcs', token, {
    testVcIds: [testFirmId('tortoise-capital')],
  });
  expect(submitted.status).toBe(200);
  const id = submitted.body.submissionIds[0] as string;
  const before = worker.sandbox!.received('tortoise-capital').length;

  const liveUrl = await waitUntil(
    'a live URL from the API process',
    async () => {
      const r = await call('POST', `/api/submissions/${id}/fetch-live-url`, token, {});
      return r.body.success ? (r.body.liveUrl as string) : null;
    },
    60_000,
    200,
  );

  // Frames relayed through Postgres: the API process's stream serves the worker's latest screen.
  const ac = new AbortController();
  const res = await fetch(url + liveUrl.replace('?', '/stream?'), { signal: ac.signal });
  const reader = res.body!.getReader();
  let text = '';
  const deadline = Date.now() + 20_000;
  while (!/event: frame\ndata: .{1000}/.test(text) && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  ac.abort();
  expect(text).toMatch(/event: frame\ndata: .{1000}/);

  const t0 = Date.now();
  const stop = await call('POST', `/api/submissions/${id}/stop`, token, {});
  expect(stop.status).toBe(200);
  const stopped = await waitUntil(
    'the stop to be recorded',
    async () => {
      const r = await call('GET', `/api/submissions/${id}`, token);
      return TERMINAL.includes(r.body.status) ? r.body : null;
    },
    10_000,
    100,
  );
  expect(stopped.status).toBe('stopped');
  expect(Date.now() - t0).toBeLessThan(4000);
  expect(worker.sandbox!.received('tortoise-capital').length).toBe(before);
  expect(await db.db.selectFrom('submission_live').selectAll().execute()).toEqual([]);
}, 180_000);

it('lets the founder take over a run whose browser is in another process: inputs and Continue reach the page', async () => {
  const { worker, url, call } = split!;
  const { id: userId, token } = await split!.founder(1);
  const browser = await launchBrowser();
  const box = await checkboxCentre(browser, worker.sandbox!.url).finally(() => browser.close());
  const before = worker.sandbox!.received(WARDEN).length;

  const submitted = await call('POST', '/api/submit-to-test-vcs', token, { testVcIds: [testFirmId(WARDEN)] });
  expect(submitted.status).toBe(200);
  const id = submitted.body.submissionIds[0] as string;
  const paused = await waitUntil(
    'the run to wait for its founder',
    async () => {
      const r = await call('GET', `/api/submissions/${id}`, token);
      if (TERMINAL.includes(r.body.status))
        throw new Error(`ended ${r.body.status}: ${r.body.summary} ${r.body.error}`);
      return r.body.submissionStatus === 'waiting_for_takeover' && r.body.liveUrl ? r.body : null;
    },
    120_000,
    200,
  );
  // The browser is the worker's: the API process runs no workflow engine.
  expect(split!.api.services.submissions.engine()).toBeNull();
  expect(worker.services.submissions.engine()).not.toBeNull();

  // Every control goes to the API process, as the live page's would.
  let r = await control(url, paused.liveUrl, 'input', {
    type: 'click',
    x: box.x,
    y: box.y,
    frameWidth: 1280,
    frameHeight: 900,
  });
  expect(r, JSON.stringify(r.body)).toMatchObject({ status: 200, body: { success: true } });
  const code = await issuedCode(worker.sandbox!.url);
  r = await control(url, paused.liveUrl, 'input', { type: 'type', text: code });
  expect(r.status).toBe(200);
  r = await control(url, paused.liveUrl, 'input', { type: 'key', key: 'Enter' });
  expect(r.status).toBe(200);
  r = await control(url, paused.liveUrl, 'continue');
  expect(r, JSON.stringify(r.body)).toMatchObject({ status: 200, body: { success: true } });

  const done = await waitUntil(
    'the run to end',
    async () => {
      const s = await call('GET', `/api/submissions/${id}`, token);
      return TERMINAL.includes(s.body.status) ? s.body : null;
    },
    120_000,
    200,
  );
  expect(done.status, `${done.summary} ${done.error}`).toBe('completed');
  expect(done.takeovers).toEqual([expect.objectContaining({ how: 'continued', by: userId })]);
  const got = worker.sandbox!.received(WARDEN).slice(before);
  expect(got).toHaveLength(1);
  expect(got[0]).toMatchObject({ accepted: true, fields: { human_check: 'passed' } });
  // Not waiting any more: a control is refused (409), not forwarded.
  expect((await control(url, paused.liveUrl, 'continue')).status).toBe(409);
}, 300_000);
