import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { UpdateStartupProfileRequest } from './api';
import { withCost } from '../credits/prices';
import { needsSpendConfirmation, spendQuestion, UpdateStandingChoicesRequest } from './standing-choices';
import {
  EMPTY_PROFILE_FORM,
  PROFILE_FIELDS,
  ProfileFormSchema,
  REQUIRED_PROFILE_FIELDS,
  descriptionHint,
  hasProfileContent,
  missingRequiredFields,
  profileCompletion,
  profileFieldError,
  profileFormSchema,
  readRaisingAmount,
  toProfileForm,
  toProfilePatch,
  type StartupProfile,
} from './index';

const full: StartupProfile = {
  companyName: 'Acme Robotics',
  industry: 'AI & ML',
  founderName: 'Ada Lovelace',
  founderEmail: 'ada@acme.io',
  stage: 'Seed',
  raising: '$2M',
  founded: '2023',
  location: 'London, UK',
  teamSize: '6-10',
  revenue: 'Pre-revenue',
  description: 'We build robots.',
  oneLineExplanation: 'Robots for warehouses.',
  problem: 'Warehouses are slow.',
  solution: 'Robots.',
  valueProposition: 'Faster warehouses.',
};

describe('profile completion', () => {
  it('is 0% and incomplete for an empty profile', () => {
    expect(profileCompletion({})).toEqual({ isComplete: false, percentage: 0 });
  });

  it('is 100% and complete when the fifteen required fields are filled, whatever the optional ones', () => {
    expect(REQUIRED_PROFILE_FIELDS).toHaveLength(15);
    expect(profileCompletion(full)).toEqual({ isComplete: true, percentage: 100 });
    expect(profileCompletion({ ...full, website: 'https://acme.io', pitchDeck: 'https://acme.io/deck.pdf' })).toEqual({
      isComplete: true,
      percentage: 100,
    });
  });

  it('ignores optional fields and counts blank text as empty', () => {
    expect(
      profileCompletion({
        website: 'https://acme.io',
        pitchDeck: 'https://x.io/d',
        detailedDescription: 'x',
        existingFunding: 'x',
        additionalFounders: 'x',
        founderLinkedin: 'https://linkedin.com/in/a',
      }),
    ).toEqual({ isComplete: false, percentage: 0 });
    expect(profileCompletion({ ...full, problem: '   ' })).toEqual({ isComplete: false, percentage: 93 });
  });

  it('rounds filled/15 to a whole percentage', () => {
    const expected = [0, 7, 13, 20, 27, 33, 40, 47, 53, 60, 67, 73, 80, 87, 93, 100];
    for (let n = 0; n <= 15; n++) {
      const p = Object.fromEntries(REQUIRED_PROFILE_FIELDS.slice(0, n).map((f) => [f, 'x']));
      expect(profileCompletion(p).percentage).toBe(expected[n]);
      expect(profileCompletion(p).isComplete).toBe(n === 15);
    }
  });

  it('lists the missing required fields', () => {
    expect(missingRequiredFields({ ...full, stage: undefined, revenue: ' ' })).toEqual(['stage', 'revenue']);
    expect(missingRequiredFields(full)).toEqual([]);
  });

  it('depends only on which required fields are filled (property)', () => {
    fc.assert(
      fc.property(
        fc.subarray([...REQUIRED_PROFILE_FIELDS]),
        fc.subarray(PROFILE_FIELDS.filter((f) => !(REQUIRED_PROFILE_FIELDS as readonly string[]).includes(f))),
        (req, opt) => {
          const p = Object.fromEntries([...req, ...opt].map((f) => [f, 'v']));
          const c = profileCompletion(p);
          expect(c.percentage).toBe(Math.round((req.length * 100) / 15));
          expect(c.isComplete).toBe(req.length === 15);
        },
      ),
    );
  });
});

describe('payload trimming', () => {
  it('omits empty and whitespace-only fields and trims the rest', () => {
    expect(
      toProfilePatch({
        ...EMPTY_PROFILE_FORM,
        companyName: '  Acme  ',
        website: '   ',
        problem: '\n\t',
        industry: 'SaaS',
      }),
    ).toEqual({ companyName: 'Acme', industry: 'SaaS' });
  });

  it('sends nothing for an empty form', () => {
    expect(toProfilePatch(EMPTY_PROFILE_FORM)).toEqual({});
  });

  it('lists in clear the fields the loaded profile had and the form now leaves blank', () => {
    const loaded: StartupProfile = { companyName: 'Acme', website: 'https://acme.io', location: 'Paris' };
    expect(toProfilePatch({ ...toProfileForm(loaded), website: ' ', location: '' }, loaded)).toEqual({
      companyName: 'Acme',
      clear: ['website', 'location'],
    });
  });

  it('round-trips a loaded profile through the form unchanged', () => {
    expect(toProfilePatch(toProfileForm(full), full)).toEqual(full);
  });

  it('fills every form field, empty when absent', () => {
    const form = toProfileForm({ companyName: 'Acme' });
    expect(Object.keys(form).sort()).toEqual([...PROFILE_FIELDS].sort());
    expect(form.companyName).toBe('Acme');
    expect(form.website).toBe('');
  });

  it('knows when a profile has content', () => {
    expect(hasProfileContent({})).toBe(false);
    expect(hasProfileContent(null)).toBe(false);
    expect(hasProfileContent({ companyName: '  ' })).toBe(false);
    expect(hasProfileContent({ companyName: 'Acme' })).toBe(true);
  });
});

const formError = (field: string, value: string) => {
  const r = ProfileFormSchema.safeParse({ ...EMPTY_PROFILE_FORM, [field]: value });
  return r.success ? null : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('validation messages (form schema)', () => {
  it('accepts an empty form: no field is mandatory to save', () => {
    expect(ProfileFormSchema.safeParse(EMPTY_PROFILE_FORM).success).toBe(true);
  });

  it('uses the spec messages for e-mail and URLs', () => {
    expect(formError('founderEmail', 'not-an-email')).toEqual([
      { path: 'founderEmail', message: 'Please enter a valid email address' },
    ]);
    expect(formError('founderLinkedin', 'linkedin')).toEqual([
      { path: 'founderLinkedin', message: 'Please enter a valid LinkedIn URL' },
    ]);
    expect(formError('website', 'acme')).toEqual([{ path: 'website', message: 'Please enter a valid website URL' }]);
    expect(formError('pitchDeck', 'deck.pdf')).toEqual([
      { path: 'pitchDeck', message: 'Please enter a valid pitch deck URL' },
    ]);
  });

  it('accepts valid values, blank values and values with surrounding spaces', () => {
    for (const [f, v] of [
      ['founderEmail', ' ada@acme.io '],
      ['founderLinkedin', 'https://www.linkedin.com/in/ada'],
      ['website', 'http://acme.io'],
      ['pitchDeck', 'https://docsend.com/view/abc'],
      ['website', '   '],
    ] as const) {
      expect(formError(f, v)).toBeNull();
    }
  });

  it('refuses non-web URLs', () => {
    expect(formError('website', 'javascript:alert(1)')).toEqual([
      { path: 'website', message: 'Please enter a valid website URL' },
    ]);
    expect(formError('pitchDeck', 'ftp://acme.io/deck')).toEqual([
      { path: 'pitchDeck', message: 'Please enter a valid pitch deck URL' },
    ]);
  });

  it('enforces the option lists and the length limits', () => {
    expect(formError('industry', 'Crypto')?.[0]?.message).toMatch(/^Industry must be one of: AI & ML, SaaS/);
    expect(formError('stage', 'Series Z')?.[0]?.message).toMatch(/^Funding Stage must be one of: Pre-seed, Seed/);
    expect(formError('teamSize', '7')?.[0]?.message).toMatch(/^Team Size must be one of/);
    expect(formError('revenue', 'lots')?.[0]?.message).toMatch(/^Revenue must be one of/);
    expect(formError('problem', 'x'.repeat(10_001))).toEqual([
      { path: 'problem', message: 'Problem must be at most 10,000 characters' },
    ]);
    expect(formError('problem', 'x'.repeat(10_000))).toBeNull();
    expect(formError('companyName', 'x'.repeat(201))).toEqual([
      { path: 'companyName', message: 'Company Name must be at most 200 characters' },
    ]);
  });
});

describe('PATCH request schema', () => {
  const parse = (body: unknown) => UpdateStartupProfileRequest.safeParse(body);
  const firstMessage = (body: unknown) => {
    const r = parse(body);
    return r.success ? null : r.error.issues[0]!.message;
  };

  it('splits a body into fields to set (trimmed) and fields to clear', () => {
    expect(parse({ companyName: ' Acme ', clear: ['website', 'website'] }).data).toEqual({
      set: { companyName: 'Acme' },
      clear: ['website'],
    });
    expect(parse({}).data).toEqual({ set: {}, clear: [] });
  });

  it('refuses empty values, nulls, unknown fields and a field both set and cleared', () => {
    expect(firstMessage({ companyName: '   ' })).toMatch(/companyName: must not be empty.*clear/);
    expect(firstMessage({ website: null })).toMatch(/website: expected text.*clear/);
    const unknown = parse({ companyName: 'Acme', isAdmin: true });
    expect(unknown.success).toBe(false);
    expect(unknown.error!.issues[0]!.code).toBe('unrecognized_keys');
    expect(firstMessage({ clear: ['website', 'nope'] })).toBe('clear: unknown field: nope');
    expect(firstMessage({ website: 'https://acme.io', clear: ['website'] })).toBe(
      'A field cannot be both set and cleared: Website',
    );
  });

  it('uses the spec messages', () => {
    expect(firstMessage({ founderEmail: 'x' })).toBe('Please enter a valid email address');
    expect(firstMessage({ founderLinkedin: 'x' })).toBe('Please enter a valid LinkedIn URL');
    expect(firstMessage({ website: 'x' })).toBe('Please enter a valid website URL');
    expect(firstMessage({ pitchDeck: 'x' })).toBe('Please enter a valid pitch deck URL');
  });
});

describe('a profile that refuses nonsense', () => {
  const thisYear = new Date().getUTCFullYear();
  const errorOf = (body: Record<string, unknown>) => {
    const r = UpdateStartupProfileRequest.safeParse(body);
    return r.success ? null : r.error.issues[0]!.message;
  };

  it('takes a founding year between 1900 and this year only', () => {
    for (const ok of ['1900', '2023', String(thisYear)]) expect(errorOf({ founded: ok })).toBeNull();
    for (const bad of ['3025', '1700', 'abcd', String(thisYear + 1), '23', '2023.5'])
      expect(errorOf({ founded: bad })).toBe(`Founded Year must be a year between 1900 and ${thisYear}`);
  });

  it('takes a founding date from 1900 to today only', () => {
    expect(errorOf({ foundedDate: '2023-12-03' })).toBeNull();
    expect(errorOf({ foundedDate: '1899-12-31' })).toMatch(
      /^Founding Date must be between 1900-01-01 and \d{4}-\d{2}-\d{2}$/,
    );
    expect(errorOf({ foundedDate: `${thisYear + 1}-01-01` })).toMatch(/^Founding Date must be between/);
  });

  it('takes a raising amount people type, and refuses words, zero, negatives and absurd amounts with a message each', () => {
    for (const ok of ['2.5M', '$2,500,000', '€800k', '1.2 million', '$2M']) expect(errorOf({ raising: ok })).toBeNull();
    expect(errorOf({ raising: 'lots of money' })).toBe(
      'Raising Amount must be an amount, e.g. $2.5M, €800k or 1.2 million',
    );
    expect(errorOf({ raising: '0' })).toBe('Raising Amount must be more than 0');
    expect(errorOf({ raising: '-5000' })).toBe('Raising Amount must be more than 0');
    expect(errorOf({ raising: '$999,999,999,999,999' })).toBe('Raising Amount must be at most 100,000,000,000');
  });

  it('says how a typed amount was read', () => {
    expect(readRaisingAmount('2.5M')).toBe('$2,500,000');
    expect(readRaisingAmount('€800k')).toBe('€800,000');
    expect(readRaisingAmount('lots of money')).toBeNull();
  });

  it('the form refuses emptying a saved required field, complete profile or not; a never-saved one may stay blank', () => {
    const values = { ...toProfileForm(full), companyName: '  ' };
    const complete = profileFormSchema({ saved: full }).safeParse(values);
    expect(complete.success).toBe(false);
    expect(complete.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['companyName', 'Company Name is required'],
    ]);
    const started = profileFormSchema({ saved: { companyName: 'Acme' } });
    expect(started.safeParse({ ...EMPTY_PROFILE_FORM }).error!.issues.map((i) => i.message)).toEqual([
      'Company Name is required',
    ]);
    expect(profileFormSchema({ saved: {} }).safeParse(values).success).toBe(true);
    // The form shares the API's rules: a nonsense year is refused in both.
    expect(profileFormSchema({ saved: {} }).safeParse({ ...values, founded: '3025' }).error!.issues[0]!.message).toBe(
      `Founded Year must be a year between 1900 and ${thisYear}`,
    );
  });

  it('refuses a description longer than the words its hint names, with the same message as the API', () => {
    const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
    expect(descriptionHint()).toBe('200-300 words recommended (at most 400)');
    expect(errorOf({ description: words(400) })).toBeNull();
    expect(errorOf({ description: words(401) })).toBe(
      'Company Description must be at most 400 words (this one has 401)',
    );
    expect(profileFieldError('description', 'x'.repeat(5_001))).toBe(
      'Company Description must be at most 5,000 characters',
    );
    expect(profileFieldError('description', 'lorem ipsum '.repeat(420))).toBe(
      'Company Description must be at most 400 words (this one has 840)',
    );
  });
});

describe('ask before spending', () => {
  it("asks for every spend by default, and skips only spends below the founder's amount", () => {
    expect(needsSpendConfirmation(1, 0)).toBe(true);
    expect(needsSpendConfirmation(8, 0)).toBe(true);
    expect(needsSpendConfirmation(4, 5)).toBe(false);
    expect(needsSpendConfirmation(5, 5)).toBe(true);
    expect(needsSpendConfirmation(0, 0)).toBe(false);
  });
  it('words the question and the cost of a button', () => {
    expect(spendQuestion(8, 50)).toBe('Spend 8 of your 50 credits?');
    expect(spendQuestion(1, 5, 'fay@acme.example')).toBe("Spend 1 of fay@acme.example's 5 credits?");
    expect(withCost('Retry', 1)).toBe('Retry · 1 credit');
    expect(withCost('Submit to 8 Test VCs', 8)).toBe('Submit to 8 Test VCs · 8 credits');
  });
  it('takes a whole "skip below" from 0 to 1,000', () => {
    expect(UpdateStandingChoicesRequest.safeParse({ skipSpendConfirmBelow: 5 }).success).toBe(true);
    for (const bad of [-1, 1.5, 1001, '5'])
      expect(UpdateStandingChoicesRequest.safeParse({ skipSpendConfirmBelow: bad }).success).toBe(false);
  });
});
