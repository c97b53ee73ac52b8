import { describe, expect, it } from 'vitest';
import { INVESTOR_STAGES, matchLocation, VC_INVESTOR_TYPES, vcFirmSchema, type VcFirm } from '@fp/contracts';
import { generateAngels } from './angels';
import { COUNTRIES, VC_TYPE_PROFILES } from './data';
import { generateVcFirmChunks } from './index';
import { generateVcFirms, vcFirmAt } from './vc-firms';

const N = 5_000;
const firms = [...generateVcFirms({ seed: 6, count: N })];
const share = (pred: (f: VcFirm) => boolean) => firms.filter(pred).length / N;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe('generateVcFirms: determinism', () => {
  it('given the same seed, when generated twice, then the records are identical', () => {
    expect([...generateVcFirms({ seed: 6, count: 300 })]).toEqual(firms.slice(0, 300));
  });

  it('given another seed, when generated, then the records differ', () => {
    const other = [...generateVcFirms({ seed: 7, count: 50 })];
    expect(other.filter((f, i) => f.vcName === firms[i].vcName).length).toBeLessThan(5);
  });

  it('given an index, when record i is regenerated alone or from a later start, then it matches the full run', () => {
    for (const i of [0, 1, 999, 4_321, 4_999]) expect(vcFirmAt(6, i)).toEqual(firms[i]);
    expect([...generateVcFirms({ seed: 6, count: 10, startIndex: 2_000 })]).toEqual(firms.slice(2_000, 2_010));
  });

  it('given firm and angel generators interleaved, when read alternately, then each yields what it yields alone', () => {
    const vc = generateVcFirms({ seed: 6, count: 20 });
    const angels = generateAngels({ seed: 6, count: 20 });
    const mixed: VcFirm[] = [];
    for (let i = 0; i < 20; i++) {
      mixed.push(vc.next().value as VcFirm);
      angels.next();
    }
    expect(mixed).toEqual(firms.slice(0, 20));
  });

  it('given a seed above 2^32, when generated, then it differs from the seed modulo 2^32', () => {
    expect(vcFirmAt(2 ** 32 + 6, 0)).not.toEqual(vcFirmAt(6, 0));
  });

  it('given a known seed, when generated, then the first firm is pinned (update deliberately when the generator changes)', () => {
    expect(firms[0]).toMatchObject({ id: 'vc_000001', vcName: 'First Bronze Investments', country: 'Netherlands' });
  });
});

describe('generateVcFirms: shape', () => {
  it('given 5,000 firms, when checked, then ids are unique, sequential and well-formed', () => {
    expect(new Set(firms.map((f) => f.id)).size).toBe(N);
    expect(firms[0].id).toBe('vc_000001');
    expect(firms[N - 1].id).toBe('vc_005000');
  });

  it('given 5,000 firms, when validated, then every one passes the contracts schema', () => {
    for (const f of firms) expect(vcFirmSchema.safeParse(f).error?.issues ?? []).toEqual([]);
  });

  it('given 5,000 firms, when their cities are matched, then each city belongs to the firm country', () => {
    for (const f of firms) {
      const place = f.city!.includes(',') ? f.city! : `${f.city}, ${f.country}`;
      expect(matchLocation(place).country).toBe(f.country);
    }
    expect(firms.filter((f) => f.country === 'United States').every((f) => /^[^,]+, [A-Z]{2}$/.test(f.city!))).toBe(
      true,
    );
  });

  it('given 5,000 firms, when websites and e-mails are compared, then the e-mail domain matches the website and the name', () => {
    for (const f of firms) {
      if (!f.website) continue;
      const host = new URL(f.website).hostname.replace(/^www\./, '');
      if (f.primaryContactEmail) expect(f.primaryContactEmail.endsWith(`@${host}`)).toBe(true);
      const firstWord = f.vcName
        .split(' ')[0]
        .normalize('NFD')
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '');
      expect(host.startsWith(firstWord)).toBe(true);
    }
  });

  it('given 5,000 firms, when stages and cheques are read, then stages are contiguous and cheques ordered', () => {
    for (const f of firms) {
      const idx = f.stagesInvested.map((s) => INVESTOR_STAGES.indexOf(s));
      expect(idx.length).toBeGreaterThan(0);
      idx.forEach((v, k) => k > 0 && expect(v).toBe(idx[k - 1] + 1));
      expect(f.checkSizeMin!).toBeLessThanOrEqual(f.checkSizeMax!);
      if (f.lastInvestmentDate) expect(f.lastInvestmentDate <= '2025-06-30').toBe(true);
    }
  });

  it('given a count and a chunk size, when chunked, then chunks cover the range in order', () => {
    const chunks = [...generateVcFirmChunks({ seed: 6, count: 2_500 }, 1_000)];
    expect(chunks.map((c) => c.length)).toEqual([1_000, 1_000, 500]);
    expect(chunks[2][499]).toEqual(firms[2_499]);
  });

  it.each([
    [{ seed: 1.5, count: 1 }],
    [{ seed: 1, count: -1 }],
    [{ seed: 1, count: 1, startIndex: -1 }],
    [{ seed: Number.NaN, count: 1 }],
  ])('given invalid options %j, when generation starts, then it throws', (options) => {
    expect(() => generateVcFirms(options).next()).toThrow(RangeError);
  });

  it('given a count of zero, when generated, then nothing is yielded', () => {
    expect([...generateVcFirms({ seed: 6, count: 0 })]).toEqual([]);
  });
});

describe('generateVcFirms: distributions on 5,000 firms', () => {
  it('given the country weights, when counted, then ~45% are in the US and the runners-up follow', () => {
    expect(share((f) => f.country === 'United States')).toBeGreaterThan(0.41);
    expect(share((f) => f.country === 'United States')).toBeLessThan(0.49);
    const counts = new Map<string, number>();
    for (const f of firms) counts.set(f.country!, (counts.get(f.country!) ?? 0) + 1);
    const top = [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 9)
      .map(([c]) => c);
    expect(top.slice(0, 2)).toEqual(['United States', 'United Kingdom']);
    for (const c of ['Germany', 'India', 'Singapore', 'France', 'Canada', 'China']) expect(top).toContain(c);
    expect(counts.size).toBeGreaterThan(30);
  });

  it('given the investor type weights, when counted, then each type is within 2.5 points of its weight', () => {
    const total = VC_INVESTOR_TYPES.reduce((s, t) => s + VC_TYPE_PROFILES[t].weight, 0);
    for (const t of VC_INVESTOR_TYPES) {
      expect(Math.abs(share((f) => f.primaryInvestorType === t) - VC_TYPE_PROFILES[t].weight / total)).toBeLessThan(
        0.025,
      );
    }
  });

  it('given AUM, when counted, then ~8% are N/A and the rest are skewed: many small funds, a tail into billions', () => {
    const na = share((f) => f.aum === 'N/A');
    expect(na).toBeGreaterThan(0.06);
    expect(na).toBeLessThan(0.1);
    const aums = firms.filter((f) => f.aum !== 'N/A').map((f) => Number(f.aum));
    expect(aums.every((a) => Number.isFinite(a) && a > 0)).toBe(true);
    const mid = median(aums);
    const mean = aums.reduce((s, a) => s + a, 0) / aums.length;
    expect(mid).toBeGreaterThan(50);
    expect(mid).toBeLessThan(300);
    expect(mean).toBeGreaterThan(3 * mid);
    expect(aums.filter((a) => a < 50).length / aums.length).toBeGreaterThan(0.25);
    expect(aums.filter((a) => a >= 1_000).length / aums.length).toBeGreaterThan(0.08);
    expect(Math.max(...aums)).toBeGreaterThan(20_000);
  });

  it('given contacts, when counted, then ~60% have an e-mail and contacts are partly named', () => {
    const email = share((f) => f.primaryContactEmail !== null);
    expect(email).toBeGreaterThan(0.57);
    expect(email).toBeLessThan(0.63);
    expect(share((f) => f.firstName !== null)).toBeGreaterThan(0.6);
    expect(share((f) => f.phone !== null)).toBeGreaterThan(0.4);
    expect(share((f) => f.website !== null)).toBeGreaterThan(0.93);
  });

  it('given deal counts and dates, when summarised, then exits never exceed investments and most firms are recent', () => {
    for (const f of firms) expect(f.totalExits!).toBeLessThanOrEqual(f.totalInvestment!);
    expect(share((f) => f.lastInvestmentDate !== null && f.lastInvestmentDate >= '2025-01-01')).toBeGreaterThan(0.6);
    expect(share((f) => f.investorStatus === 'Actively Seeking New Investments')).toBeGreaterThan(0.65);
  });

  it('given the country table, when checked, then every country has at least one city', () => {
    expect(COUNTRIES.items.every((c) => c.cities.items.length > 0)).toBe(true);
  });
});
