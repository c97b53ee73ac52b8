// Every profile field reaches the automation: some question intent maps to it, and answering a question of
// that intent from a profile holding the field fills the field's value as the field spec formats it.
import { PROFILE_FIELDS, PROFILE_SPEC, type ProfileField, type StartupProfile } from '@fp/contracts';
import { CORPUS, SAMPLE_COMPLETE_PROFILE } from '@fp/contracts/testing';
import { describe, expect, it } from 'vitest';
import { decideField } from '.';
import { control } from '../../test/fixtures/control';

/** A value for every field (the compiler asks for one when a field is added). */
const SAMPLE: Record<ProfileField, string> = {
  ...SAMPLE_COMPLETE_PROFILE,
  additionalFounders: 'Leo Marsh (CTO), Priya Nair (COO)',
  existingFunding: '$400k from angels',
  detailedDescription: 'Acme Robotics sells picking robots by subscription to mid-size warehouses.',
  foundedDate: '2023-03-15',
  teamCount: '8',
  monthlyRevenue: '18400',
  revenueCurrency: 'GBP',
};

/** The labelled questions of an intent, on text and textarea controls (a typed input reshapes a value). */
const questionsOf = (intent: string) =>
  CORPUS.filter((e) => e.expected === intent && (e.control === 'text' || e.control === 'textarea'));

/** What the automation fills for each labelled question of `intent`, from `profile`. */
function answersTo(intent: string, profile: StartupProfile) {
  return questionsOf(intent).map((e) => {
    const c = control({ label: e.question, kind: e.control === 'textarea' ? 'textarea' : 'text' });
    return { question: e.question, decision: decideField(c, e.question, { profile, answers: [] }) };
  });
}

describe('every profile field is reachable by the automation', () => {
  it.each(PROFILE_FIELDS.filter((f) => PROFILE_SPEC[f].answers.length > 0))(
    '%s answers a question of each intent it names, with its formatted value',
    (field) => {
      const profile: StartupProfile = { [field]: SAMPLE[field] };
      for (const a of PROFILE_SPEC[field].answers) {
        const expected = a.format ? a.format(SAMPLE[field], profile) : SAMPLE[field];
        const tried = answersTo(a.intent, profile);
        expect(tried.length, `no labelled question of intent ${a.intent}`).toBeGreaterThan(0);
        const hit = tried.find(({ decision: d }) => d.fill && d.source === `profile:${field}` && d.value === expected);
        expect(hit, `${field} → ${a.intent}: ${JSON.stringify(tried)}`).toBeDefined();
      }
    },
  );

  it.each(PROFILE_FIELDS.filter((f) => PROFILE_SPEC[f].answers.length === 0))(
    '%s answers no intent alone: its value goes into the answer of the field it is part of',
    (field) => {
      const owner = PROFILE_SPEC[field].partOf as ProfileField | undefined;
      expect(owner, `${field} answers no intent and is part of no field`).toBeDefined();
      const profile: StartupProfile = { [owner!]: SAMPLE[owner!], [field]: SAMPLE[field] };
      const tried = PROFILE_SPEC[owner!].answers.flatMap((a) => answersTo(a.intent, profile));
      const hit = tried.find(
        ({ decision: d }) => d.fill && d.source === `profile:${owner}` && d.value.includes(SAMPLE[field]),
      );
      expect(hit, `${field} via ${owner}: ${JSON.stringify(tried)}`).toBeDefined();
    },
  );

  it('takes the founder’s first and last names, a link with its scheme and an amount with its currency', () => {
    const fill = (intent: string, profile: StartupProfile) =>
      answersTo(intent, profile).map(({ decision: d }) => (d.fill ? d.value : null));
    expect(fill('lastName', { founderName: 'Ada King Lovelace' })).toContain('King Lovelace');
    expect(fill('website', { website: 'acme.example' })).toContain('https://acme.example');
    expect(fill('revenue', { monthlyRevenue: '18400' })).toContain('18400 USD per month');
    expect(fill('revenue', { revenue: 'Pre-revenue', monthlyRevenue: '18400', revenueCurrency: 'GBP' })).toContain(
      '18400 GBP per month',
    );
  });
});
