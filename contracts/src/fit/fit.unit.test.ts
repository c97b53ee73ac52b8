import { describe, expect, it } from 'vitest';
import {
  FIT_FACTOR_FIELDS,
  FIT_FACTORS,
  FIT_MATCH_READS,
  fitMatch,
  FIT_WEIGHTS,
  fitProfileComplete,
  fitReason,
  fitScore,
  parseAmountUsd,
  samePlace,
  type FitFirm,
} from './fit';

const today = new Date('2026-11-25T00:00:00Z');
const founder = { stage: 'Seed', industry: 'Fintech', raising: '$500K', location: 'Berlin, Germany' };
const perfect: FitFirm = {
  stagesInvested: ['Pre-seed', 'Seed'],
  sectors: ['Fintech', 'SaaS'],
  checkSizeMin: 50,
  checkSizeMax: 150,
  country: 'Germany',
  active: true,
  investorStatus: null,
  lastInvestmentDate: '2026-06-01',
  acceptsOnline: null,
  liveView: null,
};

describe('fit score', () => {
  it('scores a firm that fits on every count 100, with a reason per factor', () => {
    const fit = fitScore(founder, perfect, today);
    expect(fit).toEqual({
      score: 100,
      confidence: 1,
      reasons: [
        { factor: 'stage', label: 'Invests at Seed', match: 'yes' },
        { factor: 'sector', label: 'Fintech', match: 'yes' },
        { factor: 'check', label: 'Checks $50K–$150K fit your $500K round', match: 'yes' },
        { factor: 'geography', label: 'Based in Germany', match: 'yes' },
        { factor: 'activity', label: 'Invested recently (2026-06)', match: 'yes' },
      ],
    });
  });

  it('names each mismatch, and a firm that fits on nothing scores 0', () => {
    const fit = fitScore(
      founder,
      {
        ...perfect,
        stagesInvested: ['Series B', 'Series C'],
        sectors: ['Biotech'],
        checkSizeMin: 5000,
        checkSizeMax: 20000,
        country: 'United States',
        active: false,
      },
      today,
    );
    expect(fit.reasons.map((r) => [r.match, r.label])).toEqual([
      ['no', 'Not at Seed (Series B, Series C)'],
      ['no', 'Not in Fintech'],
      ['no', 'Checks $5M–$20M are above your $500K round'],
      ['partial', 'Based in United States'],
      ['no', 'No longer listed by its sources'],
    ]);
    expect(fit.score).toBe(Math.round(((FIT_WEIGHTS.geography * 0.5) / 100) * 100));
    expect(fit.confidence).toBe(1);
  });

  it('never invents a match from missing data: it scores nothing and lowers confidence', () => {
    const unknown: FitFirm = {
      stagesInvested: [],
      sectors: undefined,
      checkSizeMin: null,
      checkSizeMax: null,
      country: null,
    };
    const fit = fitScore(founder, unknown, today);
    expect(fit.score).toBe(0);
    expect(fit.confidence).toBe(0);
    expect(fit.reasons.every((r) => r.match === 'unknown')).toBe(true);
    // An empty profile the same way.
    expect(fitScore({}, perfect, today)).toMatchObject({ score: 10, confidence: 0.1 });
  });

  it('counts a sector-agnostic firm as a partial sector match', () => {
    const fit = fitScore(founder, { ...perfect, sectors: ['Sector Agnostic'] }, today);
    expect(fit.reasons[1]).toEqual({ factor: 'sector', label: 'Sector agnostic', match: 'partial' });
    expect(fit.score).toBe(Math.round(100 - FIT_WEIGHTS.sector / 2));
  });

  it('matches multi-word industries on their words', () => {
    expect(
      fitScore({ ...founder, industry: 'AI & ML' }, { ...perfect, sectors: ['ai', 'robotics'] }, today).reasons[1]!
        .match,
    ).toBe('yes');
    expect(
      fitScore({ ...founder, industry: 'HealthTech' }, { ...perfect, sectors: ['Health'] }, today).reasons[1]!.match,
    ).toBe('yes');
    expect(
      fitScore({ ...founder, industry: 'SaaS' }, { ...perfect, sectors: ['Fintech'] }, today).reasons[1]!.match,
    ).toBe('no');
  });

  it('reads round sizes as founders type them', () => {
    expect(parseAmountUsd('$2M')).toBe(2_000_000);
    expect(parseAmountUsd('500K')).toBe(500_000);
    expect(parseAmountUsd('1.5 million')).toBe(1_500_000);
    expect(parseAmountUsd('750,000')).toBe(750_000);
    expect(parseAmountUsd('$ 3 mm')).toBe(3_000_000);
    for (const bad of ['', 'a lot', '-5M', '0', null, undefined]) expect(parseAmountUsd(bad)).toBeNull();
  });

  it('treats an old last investment as partial activity, and a firm raising a fund as active', () => {
    expect(fitScore(founder, { ...perfect, lastInvestmentDate: '2020-01-10' }, today).reasons[4]).toEqual({
      factor: 'activity',
      label: 'Last investment 2020-01',
      match: 'partial',
    });
    expect(
      fitScore(founder, { ...perfect, lastInvestmentDate: null, investorStatus: 'Raising New Fund' }, today).reasons[4]!
        .match,
    ).toBe('yes');
  });

  it("moves the activity verdict one step by the form registry's verdict, and leaves it alone when the registry does not know", () => {
    const act = (f: Partial<FitFirm>) => {
      const r = fitReason('activity', founder, { ...perfect, ...f }, today);
      return [r.match, r.label];
    };
    const old = { lastInvestmentDate: '2020-01-10' };
    const unknown = { lastInvestmentDate: null };
    expect(act({ acceptsOnline: true })).toEqual(['yes', 'Invested recently (2026-06), applies online']);
    expect(act({ ...old, acceptsOnline: true })).toEqual(['partial', 'Last investment 2020-01, applies online']);
    expect(act({ ...unknown, acceptsOnline: true })).toEqual(['partial', 'Accepts online applications']);
    expect(act({ acceptsOnline: false })).toEqual(['partial', 'Invested recently (2026-06), no usable online form']);
    expect(act({ ...old, acceptsOnline: false })).toEqual(['no', 'Last investment 2020-01, no usable online form']);
    expect(act({ ...unknown, acceptsOnline: false })).toEqual(['no', 'No usable online form']);
    // Not checked: recency alone, and an unknown stays unknown (it lowers confidence, never matches).
    expect(act({ acceptsOnline: null })).toEqual(['yes', 'Invested recently (2026-06)']);
    // A CAPTCHA or a sign-in the founder passes in the live view: still online, and the words say what they will do.
    expect(act({ acceptsOnline: true, liveView: ['captcha'] })).toEqual([
      'yes',
      'Invested recently (2026-06), applies online (you solve a CAPTCHA in the live view)',
    ]);
    expect(act({ ...unknown, acceptsOnline: true, liveView: ['login'] })).toEqual([
      'partial',
      'Accepts online applications (you sign in in the live view)',
    ]);
    expect(act({ ...old, acceptsOnline: true, liveView: ['captcha', 'login'] })).toEqual([
      'partial',
      'Last investment 2020-01, applies online (you sign in and solve a CAPTCHA in the live view)',
    ]);
    for (const liveView of [['captcha'], ['login']] as const)
      expect(act({ acceptsOnline: true, liveView: [...liveView] })[1]).not.toMatch(/no usable online form/i);
    expect(act({ ...unknown, acceptsOnline: undefined })).toEqual(['unknown', 'Activity unknown']);
    // A firm no source lists any more is not active, whatever its form.
    expect(act({ active: false, acceptsOnline: true })).toEqual(['no', 'No longer listed by its sources']);
    expect(fitScore(founder, { ...perfect, ...unknown, acceptsOnline: true }, today).confidence).toBe(1);
    expect(fitScore(founder, { ...perfect, ...unknown, acceptsOnline: null }, today).confidence).toBe(0.9);
  });

  it('reads for each factor only the firm fields FIT_FACTOR_FIELDS names (indexes group firms by them)', () => {
    const others: FitFirm[] = [
      {
        stagesInvested: ['Series B'],
        sectors: ['Biotech'],
        checkSizeMin: 5000,
        checkSizeMax: 9000,
        country: 'Japan',
        active: false,
        investorStatus: 'Raising New Fund',
        lastInvestmentDate: '2019-02-03',
        acceptsOnline: false,
        liveView: null,
      },
      {
        stagesInvested: [],
        sectors: [],
        checkSizeMin: null,
        checkSizeMax: null,
        country: null,
        active: true,
        investorStatus: null,
        lastInvestmentDate: null,
        acceptsOnline: true,
        liveView: ['captcha'],
      },
    ];
    const fields = Object.keys(perfect) as (keyof FitFirm)[];
    for (const factor of FIT_FACTORS) {
      for (const other of others) {
        // Every field the factor does not name taken from another firm: the reason must not move.
        const mixed = { ...other } as Record<string, unknown>;
        for (const f of FIT_FACTOR_FIELDS[factor]) mixed[f] = perfect[f];
        expect(fitReason(factor, founder, mixed as unknown as FitFirm, today), factor).toEqual(
          fitReason(factor, founder, perfect, today),
        );
      }
    }
    expect(fields.every((f) => FIT_FACTORS.some((factor) => FIT_FACTOR_FIELDS[factor].includes(f)))).toBe(true);
  });

  it('gives each factor the same verdict whatever it does not read by FIT_MATCH_READS (ranking judges each distinct value once)', () => {
    const firms: FitFirm[] = [
      perfect,
      {
        stagesInvested: ['Series B'],
        sectors: ['Biotech'],
        checkSizeMin: 5000,
        checkSizeMax: 9000,
        country: 'Japan',
        active: false,
        investorStatus: 'Raising New Fund',
        lastInvestmentDate: '2019-02-03',
        acceptsOnline: false,
      },
      {
        stagesInvested: [],
        sectors: [],
        checkSizeMin: null,
        checkSizeMax: null,
        country: null,
        active: true,
        investorStatus: null,
        lastInvestmentDate: null,
        acceptsOnline: true,
        liveView: ['login'],
      },
      {
        stagesInvested: ['Seed'],
        sectors: ['Generalist'],
        checkSizeMin: null,
        checkSizeMax: 400,
        country: 'France',
        active: true,
        investorStatus: 'Actively investing',
        lastInvestmentDate: null,
        acceptsOnline: null,
      },
      { ...perfect, checkSizeMin: 600, checkSizeMax: null, lastInvestmentDate: '2023-01-01' },
    ];
    const profiles = [
      founder,
      { stage: 'Series B', industry: 'Biotech', raising: '$10M', location: 'Tokyo, Japan' },
      { stage: null, industry: null, raising: null, location: null },
      { stage: 'Seed', industry: 'Fintech', raising: '$450K', location: 'Paris, France' },
    ];
    let compared = 0;
    for (const factor of FIT_FACTORS) {
      const reads = FIT_MATCH_READS[factor];
      for (const a of firms) {
        for (const b of firms) {
          // b's values everywhere but in what the verdict reads; a 'known' field keeps whether it is known.
          const mixed = { ...b } as Record<string, unknown>;
          for (const f of reads.firm) mixed[f] = a[f];
          for (const f of reads.known) mixed[f] = a[f] == null ? null : (b[f] ?? 1);
          for (const p of profiles) {
            for (const q of profiles) {
              const mixedProfile = { ...q } as Record<string, unknown>;
              for (const f of reads.profile) mixedProfile[f] = p[f];
              expect(fitMatch(factor, mixedProfile, mixed as unknown as FitFirm, today), `${factor}`).toBe(
                fitMatch(factor, p, a, today),
              );
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBe(5 * 25 * 16);
    // The narrowing is real: cheque ranges differing in their maximum only, and any founder's activity verdict, are one.
    expect(FIT_MATCH_READS.check.firm).not.toContain('checkSizeMax');
    expect(FIT_MATCH_READS.activity.profile).toEqual([]);
  });

  it('calls a profile complete for ranking once it names a stage and an industry', () => {
    expect(fitProfileComplete(founder)).toBe(true);
    expect(fitProfileComplete({ stage: 'Seed' })).toBe(false);
    expect(fitProfileComplete({ industry: 'Fintech' })).toBe(false);
    expect(fitProfileComplete({ stage: 'Bootstrapped', industry: 'Fintech' })).toBe(false);
    expect(fitProfileComplete({ stage: 'Seed', industry: 'Other' })).toBe(false);
    expect(fitProfileComplete(null)).toBe(false);
  });

  it('writes cheque amounts as en-US numbers in $K and $M', () => {
    // The reference: what toLocaleString writes (the rules format without it, being called by the thousand).
    const usd = (a: number) =>
      a >= 1e6
        ? `$${(a / 1e6).toLocaleString('en-US', { maximumFractionDigits: 1 })}M`
        : `$${Math.round(a / 1e3).toLocaleString('en-US')}K`;
    for (const [min, max] of [
      [1, 50],
      [63, 58000],
      [999, 1049],
      [1050, 1550],
      [1949, 83040],
      [2500, 2_500_000],
      [12_345, 987_654],
    ] as const) {
      const label = fitReason(
        'check',
        { raising: '$1.25M' },
        { ...perfect, checkSizeMin: min, checkSizeMax: max },
        today,
      ).label;
      expect(label).toContain(`${usd(min * 1000)}–${usd(max * 1000)}`);
      expect(label).toContain(`your ${usd(1_250_000)} round`);
    }
  });
});

describe('places compared as places', () => {
  it.each([
    ['Niamey, Niger', 'Niger', true],
    ['Lagos, Nigeria', 'Niger', false],
    ['Muscat, Oman', 'Oman', true],
    ['Bucharest, Romania', 'Oman', false],
    ['Bangalore, India', 'India', true],
    ['Indianapolis, Indiana', 'India', false],
    ['New York, United States', 'United States', true],
    ['London, UK', 'United Kingdom', false],
  ])('%s is in %s: %s', (where, place, same) => {
    expect(samePlace(where, place)).toBe(same);
  });

  it('a founder in Nigeria gets a partial, not a match, from a firm in Niger', () => {
    const fit = fitScore({ ...founder, location: 'Lagos, Nigeria' }, { ...perfect, country: 'Niger' }, today);
    expect(fit.reasons.find((r) => r.factor === 'geography')).toEqual({
      factor: 'geography',
      label: 'Based in Niger',
      match: 'partial',
    });
  });
});
