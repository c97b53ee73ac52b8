// The review before sending in a real Chromium: a dry run sends nothing and lists every
// value with its source; the real run then sends nothing that the review table did not list.
import type { Browser } from 'playwright-core';
import type { FormReview } from '@fp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyToFirm, launchBrowser, reviewForm, type FounderAnswer, type StartupProfile } from '../src/automation';
import { startSandbox, type Sandbox } from '../src/sandbox';
import { ELM_REGIONS, ELM_SECTORS } from '../src/sandbox/sites/elm-partners';
import { TEST_PROFILE } from './fixtures/profile';

let sandbox: Sandbox;
let browser: Browser;

beforeAll(async () => {
  [sandbox, browser] = await Promise.all([startSandbox(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

const url = (slug: string) => `${sandbox.url}/${slug}/`;
const review = (slug: string, profile: StartupProfile, answers: FounderAnswer[] = []) =>
  reviewForm(
    { url: url(slug), profile, answers, browser, allowPrivate: true },
    { id: slug, name: slug, website: url(slug) },
  );
const send = (slug: string, profile: StartupProfile, answers: FounderAnswer[] = []) =>
  applyToFirm({ url: url(slug), profile, answers, browser, allowPrivate: true });

/** Fails when the firm received a value that no row of the review table supplied (a ticked box shows as "checked"). */
function expectOnlyReviewed(rv: FormReview, received: Record<string, string>, boxes: readonly string[] = []) {
  const reviewed = new Set(rv.fields.map((f) => f.value));
  for (const [name, value] of Object.entries(received)) {
    if (!value) continue;
    const ok = boxes.includes(name) ? reviewed.has('checked') : reviewed.has(value);
    expect(ok, `"${name}" = ${JSON.stringify(value)} arrived, but the review listed no such value`).toBe(true);
  }
  for (const f of rv.fields) expect(f.source, `"${f.question}" has no source`).not.toBeNull();
}

const SAAS_LONDON: StartupProfile = {
  ...TEST_PROFILE,
  industry: 'SaaS',
  location: 'London, UK',
  foundedDate: '2023-12-03',
  teamCount: '12',
  monthlyRevenue: '200000',
  revenueCurrency: 'EUR',
};

describe('review before sending', () => {
  for (const slug of ['larch-capital', 'birch-ventures', 'elm-partners']) {
    it(`${slug}: the dry run sends nothing; the real run sends exactly what the review listed`, async () => {
      const answers = [{ question: 'Anything else we should know?', answer: 'We are hiring two engineers in London.' }];
      const before = sandbox.received(slug).length;
      const rv = await review(slug, SAAS_LONDON, answers);
      expect(rv.status, rv.summary).toBe('ready');
      expect(rv.questions).toEqual([]);
      expect(sandbox.received(slug)).toHaveLength(before);
      expect(rv.fields.find((f) => f.source === 'profile:companyName')).toMatchObject({
        value: SAAS_LONDON.companyName,
        kind: 'profile',
        sourceLabel: 'Profile: company name',
      });

      const r = await send(slug, SAAS_LONDON, answers);
      expect(r.status, r.summary).toBe('completed');
      const got = sandbox.received(slug);
      expect(got).toHaveLength(before + 1);
      expectOnlyReviewed(rv, got[before].fields);
      // and the run sent the same table it reviewed
      expect(r.fieldsFilled.map((f) => [f.label, f.value, f.source])).toEqual(
        rv.fields.map((f) => [f.question, f.value, f.source]),
      );
    });
  }

  it('lists what it would ask, with the options, and the values it has so far; nothing is sent', async () => {
    const before = sandbox.received('elm-partners').length;
    const rv = await review('elm-partners', { ...TEST_PROFILE, industry: 'Agritech', location: 'Lagos, Nigeria' });
    expect(rv.status).toBe('needs_answers');
    expect(rv.questions).toEqual([
      { question: 'Sector', required: true, options: ELM_SECTORS },
      { question: 'Region', required: true, options: ELM_REGIONS },
    ]);
    expect(rv.fields.map((f) => [f.question, f.value, f.sourceLabel])).toEqual([
      ['Full name', TEST_PROFILE.founderName, 'Profile: founder name'],
      ['Email', TEST_PROFILE.founderEmail, 'Profile: founder e-mail'],
      ['Company name', TEST_PROFILE.companyName, 'Profile: company name'],
    ]);
    expect(sandbox.received('elm-partners')).toHaveLength(before);
  });

  it('the check fails when a value arrives that the review did not list', () => {
    const rv: FormReview = {
      firm: { id: 'x', name: 'x', website: null },
      status: 'ready',
      summary: '',
      questions: [],
      notSent: [],
      fields: [
        {
          question: 'Name',
          value: 'Ada',
          source: 'profile:founderName',
          kind: 'profile',
          sourceLabel: 'Profile: founder name',
        },
      ],
    };
    expect(() => expectOnlyReviewed(rv, { name: 'Ada', note: 'composed text' })).toThrow(/note/);
  });
});
