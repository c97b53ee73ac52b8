import { PROFILE_FIELDS, PROFILE_SPEC, REQUIRED_PROFILE_FIELDS } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  parseProfileResponse,
  retryProfile,
  startupProfileQueryOptions,
  profileCompletionQueryOptions,
} from './queries';
import { SECTIONS, sectionOf } from './sections';

describe('profile editor sections', () => {
  it('place every profile field in exactly one of the three tabs', () => {
    expect(SECTIONS.map((s) => s.label)).toEqual(['Basic Info', 'Company Details', 'Additional Info']);
    const placed = SECTIONS.flatMap((s) => s.fields.map((f) => f.name));
    expect([...placed].sort()).toEqual([...PROFILE_FIELDS].sort());
    expect(new Set(placed).size).toBe(placed.length);
  });

  it('show every field of the field spec in its tab, with its label and control, in the order of its place', () => {
    for (const name of PROFILE_FIELDS) {
      const section = SECTIONS.find((s) => s.fields.some((f) => f.name === name));
      expect(section?.id, name).toBe(PROFILE_SPEC[name].form.section);
      const field = section!.fields.find((f) => f.name === name)!;
      expect([field.label, field.kind], name).toEqual([PROFILE_SPEC[name].label, PROFILE_SPEC[name].kind]);
    }
    for (const s of SECTIONS) {
      const places = s.fields.map((f) => PROFILE_SPEC[f.name].form.place);
      expect(places, `${s.id}: each field has a place of its own, in order`).toEqual(
        [...new Set(places)].sort((a, b) => a - b),
      );
    }
  });

  it('put the spec topics in their tabs', () => {
    for (const f of ['companyName', 'industry', 'founderName', 'founderEmail'] as const)
      expect(sectionOf(f)).toBe('basic');
    for (const f of ['stage', 'raising', 'teamSize', 'revenue'] as const) expect(sectionOf(f)).toBe('company');
    for (const f of ['problem', 'solution', 'pitchDeck'] as const) expect(sectionOf(f)).toBe('additional');
  });

  it('offer the spec option lists in the selects', () => {
    const field = (n: string) => SECTIONS.flatMap((s) => s.fields).find((f) => f.name === n)!;
    expect(field('stage').options).toEqual([
      'Pre-seed',
      'Seed',
      'Series A',
      'Series B',
      'Series C',
      'Series D+',
      'Bootstrapped',
    ]);
    expect(field('teamSize').options).toEqual(['1-5', '6-10', '11-25', '26-50', '51-100', '100+']);
    expect(field('revenue').kind).toBe('select');
    expect(field('industry').options).toContain('AI & ML');
    expect(field('description').hint).toBe('200-300 words recommended (at most 400)');
    expect(REQUIRED_PROFILE_FIELDS.every((f) => placed(f))).toBe(true);
    function placed(f: string) {
      return SECTIONS.some((s) => s.fields.some((x) => x.name === f));
    }
  });
});

describe('startup profile query', () => {
  it('retries up to 3 times, never on 401/403', () => {
    expect(retryProfile(0, new Error('boom'))).toBe(true);
    expect(retryProfile(2, new Error('boom'))).toBe(true);
    expect(retryProfile(3, new Error('boom'))).toBe(false);
    expect(retryProfile(0, new ApiError('User not authenticated', 401))).toBe(false);
    expect(retryProfile(0, new ApiError('Forbidden', 403))).toBe(false);
    expect(retryProfile(0, new Error('API request failed with status 403'))).toBe(false);
  });

  it('uses the spec cache settings', () => {
    const o = startupProfileQueryOptions();
    expect(o.staleTime).toBe(5 * 60_000);
    expect(o.gcTime).toBe(15 * 60_000);
    expect(o.refetchOnWindowFocus).toBe(false);
    const delay = o.retryDelay as (n: number) => number;
    expect([0, 1, 4, 5, 10].map(delay)).toEqual([1000, 2000, 16000, 30000, 30000]);
    expect(profileCompletionQueryOptions().staleTime).toBe(30_000);
  });

  it('reads a response leniently', () => {
    expect(
      parseProfileResponse({
        profile: { companyName: 'Acme', bogus: 3 },
        completion: { isComplete: false, percentage: 7 },
      }),
    ).toEqual({ profile: { companyName: 'Acme' }, completion: { isComplete: false, percentage: 7 } });
    expect(parseProfileResponse(null)).toEqual({ profile: {}, completion: { isComplete: false, percentage: 0 } });
    // Without a completion, it is computed from the profile.
    expect(parseProfileResponse({ profile: { companyName: 'Acme', industry: 'SaaS' } }).completion).toEqual({
      isComplete: false,
      percentage: 13,
    });
  });
});
