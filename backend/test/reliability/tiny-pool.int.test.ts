import { loadConfig } from '@fp/infra';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../src/testing/app';
import { founder, testFirmId, waitUntil } from '../submissions-helpers';
import { long, noteShortVariant } from './support';

/**
 * Three database connections for everything the app does (DB_POOL_MAX=3): applications sent at once
 * (twenty in the long variant, `npm run test:long`; four in `npm test`) all complete, the founders reading their lists meanwhile are never told the server is busy, and
 * what the projections ask for after each completion (the board's Applied card, the batch e-mail)
 * happens. A projection that held its batch's connection while its command or mail waited for
 * another took two of the three for as long as that wait lasted.
 */
const FIRMS = long(
  ['granite-growth', 'ember-capital'],
  ['granite-growth', 'ember-capital', 'cedar-ventures', 'northwind-ventures', 'beacon-ventures'],
);
const FOUNDERS = long(2, 4);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ config: { pool: { ...loadConfig({}).pool, max: 3 } } });
});
afterAll(async () => app?.close());

it(`completes ${FOUNDERS * FIRMS.length} applications at once on 3 connections, with no busy answer and every follow-up done`, async () => {
  noteShortVariant('tiny pool');
  const users: Awaited<ReturnType<typeof founder>>[] = [];
  for (let i = 0; i < FOUNDERS; i++) users.push(await founder(app, FIRMS.length));
  const submitted = await Promise.all(
    users.map((u) =>
      app.api('POST', '/api/submit-to-test-vcs', { token: u.token, body: { testVcIds: FIRMS.map(testFirmId) } }),
    ),
  );
  for (const r of submitted) expect(r.status, JSON.stringify(r.body)).toBe(200);

  const answers = new Map<number, number>();
  await waitUntil(
    'every application to complete',
    async () => {
      const lists = await Promise.all(users.map((u) => app.api('GET', '/api/submissions', { token: u.token })));
      for (const l of lists) answers.set(l.status, (answers.get(l.status) ?? 0) + 1);
      return lists.every(
        (l) =>
          l.status === 200 &&
          (l.body.submissions as { status: string }[]).filter((s) => s.status === 'completed').length === FIRMS.length,
      );
    },
    240_000,
    500,
  );
  expect([...answers.keys()]).toEqual([200]);

  // What the projections asked for once the runs completed: an Applied card per firm, one batch e-mail each.
  await app.ctx.projections.waitFor(undefined, 60_000);
  for (const u of users) {
    const cards = (await app.api('GET', '/api/pipeline', { token: u.token })).body.cards as { stage: string }[];
    expect(cards.filter((c) => c.stage === 'Applied')).toHaveLength(FIRMS.length);
    const mails = (await app.services.mail.list({ to: u.email })).filter((m) => m.template === 'batch-finished');
    expect(mails).toHaveLength(1);
  }
  const left = await app.ctx.pool.query<{ n: number }>('select count(*)::int as n from projection_effects');
  expect(left.rows[0]!.n).toBe(0);
}, 300_000);
