// Issue 23, item 7, in a real Chromium against sandbox firms that record what they receive: choices by meaning
// in every widget (button cards, keyboard letters, a listbox, a combobox popup), "Other" never guessed, and
// chosen only when the founder chose it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyToFirm, launchBrowser, type FounderAnswer, type StartupProfile } from '../src/automation';
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

const apply = (slug: string, profile: StartupProfile, answers: FounderAnswer[] = []) =>
  applyToFirm({ url: `${sandbox.url}/${slug}/`, profile, answers, browser, allowPrivate: true });

// A SaaS startup in London: "B2B Software" and "Europe", never "Other".
const SAAS_LONDON: StartupProfile = { ...TEST_PROFILE, industry: 'SaaS', location: 'London, UK' };
// An agritech startup in Lagos: no sector and no region on these lists represents it.
const AGRI_LAGOS: StartupProfile = { ...TEST_PROFILE, industry: 'Agritech', location: 'Lagos, Nigeria' };

describe('birch-ventures: one question per screen, button cards and keyboard letters', () => {
  it('operates every widget and the firm receives exactly the right choices', async () => {
    const r = await apply('birch-ventures', SAAS_LONDON);
    expect(r.status, r.summary).toBe('completed');
    const got = sandbox.received('birch-ventures');
    expect(got).toHaveLength(1);
    expect(got[0].fields).toEqual({
      company: SAAS_LONDON.companyName,
      sector: 'B2B Software',
      stage: 'Seed',
      region: 'Europe',
      email: SAAS_LONDON.founderEmail,
    });
    // the keyboard-only stage question was answered by its letter, and says so in the fields filled
    expect(r.fieldsFilled).toContainEqual(
      expect.objectContaining({ label: 'What stage is the company at?', value: 'Seed', source: 'profile:stage' }),
    );
  });

  it('asks the founder (offering the options) when no card fits; nothing is sent', async () => {
    const before = sandbox.received('birch-ventures').length;
    const r = await apply('birch-ventures', AGRI_LAGOS);
    expect(r.status, r.summary).toBe('waiting_for_input');
    expect(r.unansweredQuestions).toEqual([
      {
        question: 'Which sector are you in?',
        required: true,
        options: ['AI / Machine Learning', 'B2B Software', 'Consumer', 'Other'],
      },
    ]);
    expect(sandbox.received('birch-ventures')).toHaveLength(before);
  });
  it('sends "Other" on both card questions once the founder chose it', async () => {
    const before = sandbox.received('birch-ventures').length;
    const r = await apply('birch-ventures', AGRI_LAGOS, [
      { question: 'Which sector are you in?', answer: 'Other' },
      { question: 'Where is the team based?', answer: 'Other' },
    ]);
    expect(r.status, r.summary).toBe('completed');
    const got = sandbox.received('birch-ventures');
    expect(got).toHaveLength(before + 1);
    expect(got[before].fields).toEqual({
      company: AGRI_LAGOS.companyName,
      sector: 'Other',
      stage: 'Seed',
      region: 'Other',
      email: AGRI_LAGOS.founderEmail,
    });
  });
});

describe('elm-partners: a listbox and a combobox popup', () => {
  it('picks "B2B Software" in the listbox and "Europe" in the combobox for a SaaS startup in London', async () => {
    const r = await apply('elm-partners', SAAS_LONDON);
    expect(r.status, r.summary).toBe('completed');
    const got = sandbox.received('elm-partners');
    expect(got).toHaveLength(1);
    expect(got[0].fields).toEqual({
      name: SAAS_LONDON.founderName,
      email: SAAS_LONDON.founderEmail,
      company: SAAS_LONDON.companyName,
      sector: 'B2B Software',
      region: 'Europe',
    });
  });

  it('with no option that fits, pauses with both questions and their options; nothing is sent', async () => {
    const before = sandbox.received('elm-partners').length;
    const r = await apply('elm-partners', AGRI_LAGOS);
    expect(r.status, r.summary).toBe('waiting_for_input');
    expect(r.unansweredQuestions).toEqual([
      { question: 'Sector', required: true, options: ELM_SECTORS },
      { question: 'Region', required: true, options: ELM_REGIONS },
    ]);
    expect(sandbox.received('elm-partners')).toHaveLength(before);
  });

  it('sends "Other" when the founder chose it, as their answer', async () => {
    const before = sandbox.received('elm-partners').length;
    const r = await apply('elm-partners', AGRI_LAGOS, [
      { question: 'Sector', answer: 'Other' },
      { question: 'Region', answer: 'Other' },
    ]);
    expect(r.status, r.summary).toBe('completed');
    const got = sandbox.received('elm-partners');
    expect(got).toHaveLength(before + 1);
    expect(got[before].fields).toMatchObject({ sector: 'Other', region: 'Other' });
    expect(r.fieldsFilled).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: 'Other', source: 'answer:Sector' }),
        expect.objectContaining({ value: 'Other', source: 'answer:Region' }),
      ]),
    );
  });
});
