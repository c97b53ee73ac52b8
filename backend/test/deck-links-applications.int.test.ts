import type { DeckLinkSummary } from '@fp/contracts';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';
import { deckPdf } from './support/deck-pdf';
import {
  COMPLETE_PROFILE,
  founder,
  getSubmission,
  testFirmId,
  TERMINAL,
  waitForStatus,
  waitUntil,
} from './submissions-helpers';

/**
 * Issue 27, item 1: a tracked deck link per application. Each application gets its own link, which
 * the automation puts where the firm's form asks for a link to the deck (summit-capital's "Link to
 * your pitch deck", ember-capital's "Pitch deck link"); the file is still attached where a form takes
 * one. Without an uploaded deck nothing is invented: an optional deck field stays empty, a required one
 * goes to the founder. Real Postgres, real Chromium, the sandbox's firm sites.
 */
let app: TestApp;
const DECK = deckPdf(4, 'Acme Robotics seed deck');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  app = await startTestApp();
}, 120_000);
afterAll(async () => app?.close());

async function uploadDeck(token: string) {
  const res = await fetch(`${app.url}/api/pitch-deck?name=deck.pdf`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
    body: new Uint8Array(DECK),
  });
  expect(res.status).toBe(200);
}
async function submit(token: string, slug: string): Promise<string> {
  const r = await app.api('POST', '/api/submit-to-test-vcs', { token, body: { testVcIds: [testFirmId(slug)] } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.submissionIds[0] as string;
}
/** The run's end; a pause for the founder's answers fails the test with the questions it asked. */
async function finished(token: string, id: string) {
  const s = await waitUntil(
    `submission ${id} to end`,
    async () => {
      const s = await getSubmission(app, token, id);
      return TERMINAL.includes(s.status) || s.submissionStatus === 'waiting_for_input' ? s : null;
    },
    240_000,
    300,
  );
  if (s.submissionStatus === 'waiting_for_input') {
    const q = await app.api('GET', `/api/submissions/${id}/questions`, { token });
    throw new Error(
      `paused for ${JSON.stringify(q.body.questions?.map((x: { question: string }) => x.question))}; filled ${JSON.stringify(s.fieldsFilled)}`,
    );
  }
  return s;
}
const links = async (token: string) =>
  (await app.api('GET', '/api/deck-links', { token })).body.links as DeckLinkSummary[];
const tokenOf = (url: string) => /\/d\/([A-Za-z0-9_-]{43})$/.exec(url)![1]!;

describe('a deck link per application', () => {
  it(
    'sends each firm its own link where the form asks for one; the link opens the deck and is listed for that investor',
    { timeout: 360_000 },
    async () => {
      const u = await founder(app, 5);
      await uploadDeck(u.token);
      const sandbox = app.runtime.sandbox!;
      const before = {
        summit: sandbox.received('summit-capital').length,
        ember: sandbox.received('ember-capital').length,
      };

      const summitId = await submit(u.token, 'summit-capital');
      const summit = await finished(u.token, summitId);
      expect(summit.status, summit.summary ?? '').toBe('completed');
      const emberId = await submit(u.token, 'ember-capital');
      const ember = await finished(u.token, emberId);
      expect(ember.status, ember.summary ?? '').toBe('completed');

      const listed = await links(u.token);
      const summitLink = listed.find((l) => l.investorId === testFirmId('summit-capital'));
      const emberLink = listed.find((l) => l.investorId === testFirmId('ember-capital'));
      expect(summitLink).toMatchObject({
        id: `app-${summitId}`,
        investorKind: 'vc',
        source: 'application',
        enabled: true,
        visits: 0,
      });
      expect(emberLink).toMatchObject({ id: `app-${emberId}`, investorKind: 'vc', source: 'application' });
      expect(emberLink!.url).not.toBe(summitLink!.url);

      // What each firm received: exactly its own link in the deck-link field, never the profile's URL.
      const gotSummit = sandbox.received('summit-capital').slice(before.summit);
      expect(gotSummit).toHaveLength(1);
      expect(gotSummit[0]!.fields.deck).toBe(summitLink!.url);
      const gotEmber = sandbox.received('ember-capital').slice(before.ember);
      expect(gotEmber).toHaveLength(1);
      expect(gotEmber[0]!.fields.deck_url).toBe(emberLink!.url);
      // The link is not sent into any other field (website, LinkedIn…).
      for (const got of [...gotSummit, ...gotEmber]) {
        const carrying = Object.entries(got.fields)
          .filter(([, v]) => v.includes('/d/'))
          .map(([k]) => k);
        expect(carrying).toHaveLength(1);
      }
      // The file is still attached where the form takes one (ember's optional upload): the founder's deck, byte for byte.
      expect(gotEmber[0]!.fields.deck_file).toBe(`file:deck.pdf;sha256=${sha(DECK)}`);
      // The submission's record of what was filled names the link as its source's value.
      expect(ember.fieldsFilled?.some((f) => f.value === emberLink!.url)).toBe(true);

      // The link the firm got opens the founder's deck in the public viewer (no account).
      const t = tokenOf(gotSummit[0]!.fields.deck!);
      const meta = await app.api('GET', `/api/d/${t}`);
      expect(meta.status).toBe(200);
      const v = await app.api('POST', `/api/d/${t}/visits`, { body: { email: 'partner@summit.example' } });
      expect(v.status, JSON.stringify(v.body)).toBe(201);
      const file = await fetch(`${app.url}/api/d/${t}/visits/${v.body.visitId}/file`);
      expect(file.status).toBe(200);
      expect(sha(Buffer.from(await file.arrayBuffer()))).toBe(sha(DECK));
      await app.ctx.projections.waitFor(undefined, 10_000);
      expect((await links(u.token)).find((l) => l.id === summitLink!.id)).toMatchObject({ visits: 1, email: null });
      expect((await links(u.token)).find((l) => l.id === emberLink!.id)).toMatchObject({ visits: 0 });
    },
  );

  it(
    'without an uploaded deck nothing is invented: an optional deck field stays empty, a required one is asked of the founder',
    { timeout: 360_000 },
    async () => {
      const { pitchDeck: _ownUrl, ...noDeckUrl } = COMPLETE_PROFILE;
      const u = await founder(app, 5, noDeckUrl);
      const sandbox = app.runtime.sandbox!;
      const before = {
        summit: sandbox.received('summit-capital').length,
        ember: sandbox.received('ember-capital').length,
      };

      const summitId = await submit(u.token, 'summit-capital');
      const summit = await waitForStatus(app, u.token, summitId, TERMINAL, 240_000);
      expect(summit.status, summit.summary ?? '').toBe('completed');
      const got = sandbox.received('summit-capital').slice(before.summit);
      expect(got).toHaveLength(1);
      expect(got[0]!.fields.deck ?? '').toBe('');

      const emberId = await submit(u.token, 'ember-capital');
      await waitUntil(
        'ember to ask the founder',
        async () => {
          const s = await getSubmission(app, u.token, emberId);
          if (TERMINAL.includes(s.status)) throw new Error(`ended ${s.status} instead of pausing: ${s.summary}`);
          return s.submissionStatus === 'waiting_for_input' ? s : null;
        },
        240_000,
        300,
      );
      const q = await app.api('GET', `/api/submissions/${emberId}/questions`, { token: u.token });
      expect(q.body.questions).toContainEqual(
        expect.objectContaining({ question: expect.stringMatching(/^Pitch deck link/), required: true }),
      );
      expect(sandbox.received('ember-capital').slice(before.ember)).toEqual([]);
      expect(await links(u.token)).toEqual([]);
    },
  );
});
