import { afterAll, beforeAll, expect, it } from 'vitest';
import { REVIEW_BUSY, REVIEW_RUNNING } from '../src/modules/submissions/review-firm';
import { startTestApp, type TestApp } from '../src/testing/app';
import { founder, testFirmId } from './submissions-helpers';

/**
 * A burst of reviews (bounded waits): several founders each press "Review" three times at once.
 * Each founder gets one review and a clear 409 for the copies; reviews queue for the worker's slots
 * (never more browsers than slots), nothing answers 5xx but the honest "busy", and the server
 * keeps answering other requests at once while the reviews drive Chromium.
 */
const FOUNDERS = 5;
const COPIES = 3;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

it(
  `answers ${FOUNDERS * COPIES} reviews sent at once: one per founder, a 409 for each copy, and the server stays responsive`,
  { timeout: 300_000 },
  async () => {
    const users = [];
    for (let i = 0; i < FOUNDERS; i++) users.push(await founder(app, 0));
    const body = { vcFirmId: testFirmId('elm-partners'), test: true };
    const burst = users.flatMap((u) =>
      Array.from({ length: COPIES }, () => app.api('POST', '/api/submissions/review', { token: u.token, body })),
    );

    // While the burst runs, reads answer at once (they never wait behind a browser).
    const during: number[] = [];
    for (let k = 0; k < 5; k++) {
      const started = performance.now();
      const health = await app.api('GET', '/api/credits/balance', { token: users[0]!.token });
      expect(health.status).toBe(200);
      during.push(performance.now() - started);
    }
    // Generous bound for a loaded 2-core machine: a read must not queue behind a 90-second review.
    expect(Math.max(...during)).toBeLessThan(5_000);

    const answers = await Promise.all(burst);
    for (const a of answers) {
      expect([200, 409, 503], JSON.stringify(a.body).slice(0, 200)).toContain(a.status);
      if (a.status === 409) expect(a.body.error).toBe(REVIEW_RUNNING);
      if (a.status === 503) expect(a.body.error).toBe(REVIEW_BUSY);
    }
    for (let i = 0; i < FOUNDERS; i++) {
      const mine = answers.slice(i * COPIES, (i + 1) * COPIES);
      // Exactly one of the three copies ran; the other two were told a review is already running.
      expect(mine.filter((a) => a.status === 409)).toHaveLength(COPIES - 1);
    }
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const a of answers.filter((x) => x.status === 200)) expect(a.body.firm.id).toBe(body.vcFirmId);

    // Afterwards a founder can review again straight away: nothing stayed held.
    const again = await app.api('POST', '/api/submissions/review', { token: users[0]!.token, body });
    expect(again.status, JSON.stringify(again.body).slice(0, 200)).toBe(200);
  },
);
