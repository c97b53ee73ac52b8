import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';
import { founder, testFirmId, waitUntil } from './submissions-helpers';

/**
 * POST /api/submit-plan: what a submit would do now, from the same plan the submit carries out
 * (nothing sent, nothing charged): the firms applied to, the ones skipped and why, the credits.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  // A small demo catalog (generated firms on reserved *.example names), as a fresh install has.
  const r = await app.services.catalog.seed({ vc: 10, angels: 0, seed: 33 }, { now: new Date(), actor: 'test' });
  if (r.checkpoint) await app.ctx.projections.waitFor(r.checkpoint, 30_000);
});
afterAll(async () => app?.close());

const plan = (token: string | undefined, body: unknown) => app.api('POST', '/api/submit-plan', { token, body });

describe('the plan before confirming', () => {
  it('names each test firm to apply to with the exact credits and the balance, and changes nothing', async () => {
    const u = await founder(app, 5);
    const ids = [testFirmId('northwind-ventures'), testFirmId('sentinel-capital')];
    const r = await plan(u.token, { vcIds: ids, test: true });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      apply: [
        { vcId: ids[0], name: 'Northwind Ventures', needsYou: null },
        { vcId: ids[1], name: 'Sentinel Capital', needsYou: null },
      ],
      skipped: [],
      credits: 2,
      balance: 5,
    });
    // A preview: nothing charged, nothing queued.
    expect((await app.api('GET', '/api/credits/balance', { token: u.token })).body.balance).toBe(5);
    expect((await app.api('GET', '/api/submissions', { token: u.token })).body.total).toBe(0);
  });

  it('says demo firms cost 0 credits and why, and the submit does what the plan said', async () => {
    const u = await founder(app, 3);
    const demo = (await app.api('GET', '/api/vc-firms?limit=2', { token: u.token })).body.firms as {
      id: string;
      vcName: string;
      website: string | null;
    }[];
    expect(demo.length).toBe(2);
    expect(demo.every((f) => f.website?.endsWith('.example'))).toBe(true);
    const ids = demo.map((f) => f.id);
    const r = await plan(u.token, { vcIds: ids });
    expect(r.status).toBe(200);
    expect(r.body.apply).toEqual([]);
    expect(r.body.credits).toBe(0);
    expect(r.body.skipped).toEqual(
      demo.map((f) => ({
        vcId: f.id,
        name: f.vcName,
        reason: 'reserved_domain',
        message: expect.stringMatching(/demo data/),
      })),
    );
    const sent = await app.api('POST', '/api/submit-to-selected-vcs', { token: u.token, body: { vcIds: ids } });
    expect(sent.status).toBe(200);
    expect(sent.body.creditsDeducted).toBe(r.body.credits);
    expect(sent.body.skipped).toEqual(r.body.skipped.map(({ name: _name, ...s }: { name: string }) => s));
  });

  it("reads only the founder's own applications: a firm under way is skipped for its founder, not for another", async () => {
    const a = await founder(app, 5);
    const b = await founder(app, 5);
    const id = testFirmId('northwind-ventures');
    const sent = await app.api('POST', '/api/submit-to-test-vcs', { token: a.token, body: { testVcIds: [id] } });
    expect(sent.status).toBe(200);
    expect(sent.body.creditsDeducted).toBe(1);
    await waitUntil(
      'the submission listed',
      async () => (await app.api('GET', '/api/submissions', { token: a.token })).body.total === 1,
    );

    const mine = await plan(a.token, { vcIds: [id], test: true });
    expect(mine.body.apply).toEqual([]);
    expect(mine.body.credits).toBe(0);
    expect(mine.body.skipped).toEqual([
      expect.objectContaining({
        vcId: id,
        name: 'Northwind Ventures',
        reason: expect.stringMatching(/^(in_progress|already_applied)$/),
      }),
    ]);
    // Another founder's plan is their own: the firm is theirs to apply to, at their balance.
    const theirs = await plan(b.token, { vcIds: [id], test: true });
    expect(theirs.body).toMatchObject({ apply: [{ vcId: id }], skipped: [], credits: 1, balance: 5 });
  });

  it('skips an unknown firm with its reason, and refuses bad input with 4xx and a message', async () => {
    const u = await founder(app, 2);
    const unknown = await plan(u.token, { vcIds: ['no-such-firm'] });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({
      apply: [],
      credits: 0,
      skipped: [{ vcId: 'no-such-firm', name: null, reason: 'not_found' }],
    });
    for (const body of [{}, { vcIds: [] }, { vcIds: 'x' }, { vcIds: ['a'], test: 'yes' }, { vcIds: ['a'], extra: 1 }]) {
      const r = await plan(u.token, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(typeof r.body.error).toBe('string');
    }
    expect((await plan(u.token, { vcIds: Array.from({ length: 30_001 }, (_, i) => `f${i}`) })).status).toBe(400);
    expect((await plan(undefined, { vcIds: ['a'] })).status).toBe(401);
    // An incomplete profile cannot be applied with: the plan says so as the submit does.
    const bare = await app.createUser();
    const incomplete = await plan(bare.token, { vcIds: [testFirmId('northwind-ventures')], test: true });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error).toBeTruthy();
  });
});
