import { MAX_PATH_PARAM_LENGTH, type PipelineCard } from '@fp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/runtime';
import { startTestApp, type TestApp } from '../src/testing/app';
import { founder, testFirmId, TERMINAL, waitForStatus, waitUntil } from './submissions-helpers';

let app: TestApp;
let a: { id: string; token: string };
let b: { id: string; token: string };
let vcId: string;
let angelId: string;

beforeAll(async () => {
  app = await startTestApp();
  const r = await app.services.catalog.seed({ vc: 20, angels: 20, seed: 3 }, { now: new Date(), actor: 'test' });
  await app.ctx.projections.waitFor(r.checkpoint, 60_000);
  a = await founder(app, 3);
  b = await founder(app, 0);
  vcId = (await app.api('GET', '/api/vc-firms?limit=1', { token: b.token })).body.firms[0].id;
  angelId = (await app.api('GET', '/api/investors?limit=1', { token: b.token })).body.investors[0].id;
}, 120_000);
afterAll(async () => app?.close());

const board = async (token: string, api = app.api) =>
  (await api('GET', '/api/pipeline', { token })).body.cards as PipelineCard[];

describe('pipeline API', () => {
  let card: PipelineCard;

  it('adds an investor once: a second add answers the existing card', async () => {
    const first = await app.api('POST', '/api/pipeline', {
      token: a.token,
      body: { investorId: vcId, investorKind: 'vc' },
    });
    expect(first.status).toBe(201);
    card = first.body;
    expect(card).toMatchObject({
      investorId: vcId,
      investorKind: 'vc',
      stage: 'Target',
      notes: null,
      nextFollowUp: null,
      submissionIds: [],
    });
    expect(card.name.length).toBeGreaterThan(0);
    const again = await app.api('POST', '/api/pipeline', {
      token: a.token,
      body: { investorId: vcId, investorKind: 'vc', stage: 'Meeting' },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(card);
  });

  it('adds many investors at once (VC firms and angels)', async () => {
    const r = await app.api('POST', '/api/pipeline', {
      token: a.token,
      body: {
        investors: [
          { investorId: vcId, investorKind: 'vc' },
          { investorId: angelId, investorKind: 'angel' },
        ],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.added).toBe(1);
    expect(r.body.cards.map((c: PipelineCard) => c.investorKind).sort()).toEqual(['angel', 'vc']);
    expect(await board(a.token)).toHaveLength(2);
  });

  it('refuses bad input with a clear 400 and unknown investors with 404', async () => {
    const bad: [unknown, RegExp][] = [
      [{ investorId: vcId }, /investorKind/],
      [{ investorId: vcId, investorKind: 'fund' }, /investorKind must be "vc" or "angel"/],
      [{ investorId: vcId, investorKind: 'vc', extra: 1 }, /Unknown field: extra/],
      [{ investorId: vcId, investorKind: 'vc', stage: 'Won' }, /stage must be one of/],
      [{ investors: [] }, /at least one investor/],
    ];
    for (const [body, message] of bad) {
      const r = await app.api('POST', '/api/pipeline', { token: a.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toMatch(message);
    }
    const unknown = await app.api('POST', '/api/pipeline', {
      token: a.token,
      body: { investorId: 'nope', investorKind: 'vc' },
    });
    expect(unknown).toMatchObject({ status: 404, body: { error: 'VC firm not found: nope' } });
    const patches: [unknown, RegExp][] = [
      [{}, /Nothing to change/],
      [{ nextFollowUp: '2026-02-30' }, /YYYY-MM-DD/],
      [{ amount: -5 }, /must not be negative/],
      [{ amount: '5' }, /amount must be a number/],
      [{ stage: 'Passed' }, /reason when moving an investor to Passed/],
      [{ passReason: 'meh' }, /only be given when the investor is moved to Passed/],
      [{ notes: 'x'.repeat(5001) }, /at most 5000/],
    ];
    for (const [body, message] of patches) {
      const r = await app.api('PATCH', `/api/pipeline/${card.id}`, { token: a.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toMatch(message);
    }
    // An id longer than any path parameter may be is a 400; one within the cap that is nobody's card, a 404.
    expect(
      await app.api('PATCH', `/api/pipeline/${'x'.repeat(MAX_PATH_PARAM_LENGTH + 1)}`, {
        token: a.token,
        body: { notes: 'n' },
      }),
    ).toMatchObject({ status: 400, body: { error: `The path's id must be 1 to ${MAX_PATH_PARAM_LENGTH} characters` } });
    const longUnknown = 'x'.repeat(MAX_PATH_PARAM_LENGTH);
    expect((await app.api('GET', `/api/pipeline/${longUnknown}/history`, { token: a.token })).status).toBe(404);
  });

  it('moves and edits a card, and its history shows every change with its time', async () => {
    const r = await app.api('PATCH', `/api/pipeline/${card.id}`, {
      token: a.token,
      body: {
        stage: 'Meeting',
        nextFollowUp: '2026-01-10',
        amount: 250000,
        introducedBy: 'Grace',
        notes: 'Met at demo day',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: card.id,
      stage: 'Meeting',
      nextFollowUp: '2026-01-10',
      amount: 250000,
      introducedBy: 'Grace',
      notes: 'Met at demo day',
    });
    const passed = await app.api('PATCH', `/api/pipeline/${card.id}`, {
      token: a.token,
      body: { stage: 'Passed', passReason: 'Too early for them' },
    });
    expect(passed.body).toMatchObject({ stage: 'Passed', passReason: 'Too early for them' });
    const back = await app.api('PATCH', `/api/pipeline/${card.id}`, { token: a.token, body: { stage: 'Meeting' } });
    expect(back.body).toMatchObject({ stage: 'Meeting', passReason: null });

    const h = await app.api('GET', `/api/pipeline/${card.id}/history`, { token: a.token });
    expect(h.status).toBe(200);
    expect(h.body.history.map((e: { summary: string }) => e.summary)).toEqual([
      'Added in Target',
      'Moved from Target to Meeting',
      'Set notes to "Met at demo day"; Set next follow-up to 2026-01-10; Set introduced by to Grace; Set amount to $250,000',
      'Moved from Meeting to Passed (reason: Too early for them)',
      'Moved from Passed to Meeting',
    ]);
    for (const e of h.body.history) expect(Number.isNaN(Date.parse(e.at))).toBe(false);
  });

  it('gives another founder nothing of it: 404 on every card route, and an empty board', async () => {
    expect(await board(b.token)).toEqual([]);
    expect(
      (await app.api('PATCH', `/api/pipeline/${card.id}`, { token: b.token, body: { notes: 'mine now' } })).status,
    ).toBe(404);
    expect((await app.api('DELETE', `/api/pipeline/${card.id}`, { token: b.token })).status).toBe(404);
    expect((await app.api('GET', `/api/pipeline/${card.id}/history`, { token: b.token })).status).toBe(404);
    expect((await board(a.token)).find((c) => c.id === card.id)).toMatchObject({ notes: 'Met at demo day' });
  });

  it('exports the board as CSV', async () => {
    const r = await app.api('GET', '/api/pipeline/export', { token: a.token });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/csv');
    const lines = (r.body as string).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Name,Kind,Stage,Amount (USD),Next follow-up,Introduced by,Pass reason,Notes,Applications,Updated',
    );
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.includes('Meeting'))).toContain('250000,2026-01-10,Grace,,Met at demo day,0,');
  });

  it('a completed application moves its firm to Applied and links it; a failed one does not', async () => {
    const target = await app.api('POST', '/api/pipeline', {
      token: a.token,
      body: { investorId: testFirmId('northwind-ventures'), investorKind: 'vc' },
    });
    expect(target.body).toMatchObject({ stage: 'Target', name: 'Northwind Ventures' });
    const r = await app.api('POST', '/api/submit-to-test-vcs', {
      token: a.token,
      body: { testVcIds: [testFirmId('northwind-ventures'), testFirmId('orbit-fund'), testFirmId('sentinel-capital')] },
    });
    expect(r.status).toBe(200);
    const subs = await Promise.all(
      (r.body.submissionIds as string[]).map((id) => waitForStatus(app, a.token, id, TERMINAL)),
    );
    const byFirm = Object.fromEntries(subs.map((s) => [s.vcFirmId, s]));
    expect(byFirm[testFirmId('sentinel-capital')]!.status).toBe('failed');
    const cards = await waitUntil(
      'applications on the board',
      async () => {
        const c = await board(a.token);
        return c.filter((x) => x.stage === 'Applied').length === 2 ? c : null;
      },
      30_000,
    );
    const northwind = cards.find((c) => c.investorId === testFirmId('northwind-ventures'))!;
    expect(northwind).toMatchObject({
      id: target.body.id,
      stage: 'Applied',
      submissionIds: [byFirm[testFirmId('northwind-ventures')]!.id],
    });
    expect(cards.find((c) => c.investorId === testFirmId('orbit-fund'))).toMatchObject({
      stage: 'Applied',
      name: 'Orbit Fund',
      submissionIds: [byFirm[testFirmId('orbit-fund')]!.id],
    });
    expect(cards.find((c) => c.investorId === testFirmId('sentinel-capital'))).toBeUndefined();
    const h = await app.api('GET', `/api/pipeline/${northwind.id}/history`, { token: a.token });
    expect(h.body.history.map((e: { summary: string; actor: string }) => [e.summary, e.actor]).slice(1)).toEqual([
      ['Moved from Target to Applied', 'pipeline:applications'],
      ['Application submitted', 'pipeline:applications'],
    ]);
  }, 180_000);

  it('removes a card; a removed application card is not brought back by a rebuild', async () => {
    const orbit = (await board(a.token)).find((c) => c.investorId === testFirmId('orbit-fund'))!;
    expect((await app.api('DELETE', `/api/pipeline/${orbit.id}`, { token: a.token })).body).toEqual({ success: true });
    expect((await board(a.token)).some((c) => c.id === orbit.id)).toBe(false);
    expect((await app.api('DELETE', `/api/pipeline/${orbit.id}`, { token: a.token })).status).toBe(404);
  });

  it('every change survives a restart and a rebuild of the projections', async () => {
    const before = await board(a.token);
    expect(before.length).toBe(3);
    await app.runtime.stop();
    let second: Runtime | undefined;
    try {
      second = await createRuntime({
        config: { ...app.ctx.config, port: 0 },
        role: 'all',
        databaseUrl: app.db.url,
        log: () => {},
      });
      const url = second.url!.replace('localhost', '127.0.0.1');
      const api = async (method: string, p: string, o: { token?: string } = {}) => {
        const res = await fetch(`${url}${p}`, { method, headers: { authorization: `Bearer ${o.token}` } });
        return { status: res.status, body: await res.json() };
      };
      expect(await board(a.token, api as TestApp['api'])).toEqual(before);
      await second.ctx.projections.rebuild('pipeline_applications');
      await second.ctx.projections.rebuild('pipeline_cards');
      expect(await board(a.token, api as TestApp['api'])).toEqual(before);
      expect(
        (
          await second.ctx.db
            .selectFrom('pipeline_submission_firms')
            .select('submission_id')
            .where('user_id', '=', a.id)
            .execute()
        ).length,
      ).toBe(3);
    } finally {
      await second?.stop();
    }
  }, 120_000);
});
