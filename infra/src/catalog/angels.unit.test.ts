import { describe, expect, it } from 'vitest';
import {
  angelInvestorDetailSchema,
  angelInvestorListItemSchema,
  BIOGRAPHY_VERBS,
  cleanDescription,
  cleanInvestorName,
  regionOf,
  splitIndustries,
  toAngelListItem,
  type AngelInvestorDetail,
} from '@fp/contracts';
import { angelAt, generateAngels } from './angels';
import { UNPLACED_LOCATIONS } from './data';

const N = 5_000;
const angels = [...generateAngels({ seed: 6, count: N })];
const share = (pred: (a: AngelInvestorDetail) => boolean) => angels.filter(pred).length / N;
const TITLE = /^(?:Dr|Mr|Ms|Mrs)\. /;

describe('generateAngels: determinism and shape', () => {
  it('given the same seed, when generated twice, then the records are identical', () => {
    expect([...generateAngels({ seed: 6, count: 300 })]).toEqual(angels.slice(0, 300));
  });

  it('given an index, when record i is regenerated alone or from a later start, then it matches the full run', () => {
    for (const i of [0, 17, 2_048, 4_999]) expect(angelAt(6, i)).toEqual(angels[i]);
    expect([...generateAngels({ seed: 6, count: 5, startIndex: 3_000 })]).toEqual(angels.slice(3_000, 3_005));
  });

  it('given 5,000 angels, when checked, then ids are unique and well-formed', () => {
    expect(new Set(angels.map((a) => a.id)).size).toBe(N);
    expect(angels[0].id).toBe('ang_000001');
    expect(angels.every((a) => /^ang_\d{6}$/.test(a.id))).toBe(true);
  });

  it('given 5,000 angels, when validated, then details and list rows pass the contracts schemas', () => {
    for (const a of angels) {
      expect(angelInvestorDetailSchema.safeParse(a).error?.issues ?? []).toEqual([]);
      expect(angelInvestorListItemSchema.safeParse(toAngelListItem(a)).success).toBe(true);
    }
  });

  it('given a company URL, when the domain is read, then it is the URL host without www', () => {
    for (const a of angels)
      expect(a.domain).toBe(a.companyUrl ? new URL(a.companyUrl).hostname.replace(/^www\./, '') : null);
  });
});

describe('generateAngels: display rules are exercised', () => {
  it('given raw names with titles and biographies, when cleaned, then only a plain name is left', () => {
    const verbs = new RegExp(`\\b(?:${BIOGRAPHY_VERBS.join('|')})\\b`);
    for (const a of angels) {
      const clean = cleanInvestorName(a.companyName);
      expect(clean).not.toMatch(TITLE);
      expect(clean).not.toMatch(verbs);
      expect(clean).toMatch(/^\p{Lu}[\p{L}'-]*(?: \p{Lu}\.)?(?: \p{Lu}[\p{L}'-]*)+$/u);
      expect(a.companyName.replace(TITLE, '').startsWith(clean)).toBe(true);
    }
  });

  it('given raw names, when counted, then ~12% carry a title and ~17% a biography', () => {
    const titled = share((a) => TITLE.test(a.companyName));
    expect(titled).toBeGreaterThan(0.09);
    expect(titled).toBeLessThan(0.15);
    const withBio = share((a) => cleanInvestorName(a.companyName) !== a.companyName.replace(TITLE, ''));
    expect(withBio).toBeGreaterThan(0.13);
    expect(withBio).toBeLessThan(0.21);
  });

  it('given raw descriptions, when cleaned, then no source tag or bold marker survives', () => {
    let tagged = 0;
    let bold = 0;
    for (const a of angels) {
      if (!a.description) continue;
      if (/source|\(via |\[via /i.test(a.description)) tagged++;
      if (/\*\*|__/.test(a.description)) bold++;
      const clean = cleanDescription(a.description);
      expect(clean).not.toMatch(/\*\*|__|\[Sources?:|<\/?source|\(via |\(Source:|\[via |【/);
      expect(clean.length).toBeGreaterThan(20);
    }
    expect(tagged / N).toBeGreaterThan(0.25);
    expect(bold / N).toBeGreaterThan(0.2);
  });

  it('given industries, when split, then each angel has 1 to 6 and some rows have messy separators', () => {
    for (const a of angels) {
      const list = splitIndustries(a.industries);
      expect(list.length).toBeGreaterThanOrEqual(1);
      expect(list.length).toBeLessThanOrEqual(6);
    }
    expect(share((a) => /,\S|, $/.test(a.industries ?? ''))).toBeGreaterThan(0.05);
    expect(share((a) => splitIndustries(a.industries).length > 3)).toBeGreaterThan(0.15);
  });

  it('given locations, when grouped by region, then only the deliberately unplaced ones land in Other', () => {
    for (const a of angels) {
      if (UNPLACED_LOCATIONS.includes(a.location!)) expect(regionOf(a.location)).toBe('Other');
      else expect(regionOf(a.location)).not.toBe('Other');
    }
    expect(share((a) => UNPLACED_LOCATIONS.includes(a.location!))).toBeGreaterThan(0.02);
  });
});

describe('generateAngels: distributions on 5,000 angels', () => {
  it('given contacts, when counted, then ~55% have an e-mail (none verified: demo data) and ~30% a phone', () => {
    const email = share((a) => a.contactEmail !== null);
    expect(email).toBeGreaterThan(0.52);
    expect(email).toBeLessThan(0.58);
    expect(angels.some((a) => a.contactEmailVerified)).toBe(false);
    const phone = share((a) => a.phoneNumber !== null);
    expect(phone).toBeGreaterThan(0.27);
    expect(phone).toBeLessThan(0.33);
  });

  it('given social links, when counted, then LinkedIn is common and the rest rarer', () => {
    expect(share((a) => a.linkedin !== null)).toBeGreaterThan(0.65);
    expect(share((a) => a.twitter !== null)).toBeGreaterThan(0.3);
    expect(share((a) => a.facebook !== null)).toBeLessThan(0.15);
    expect(share((a) => a.instagram !== null)).toBeLessThan(0.12);
  });

  it('given investments and exits, when summarised, then they are skewed and exits never exceed investments', () => {
    const inv = angels.map((a) => a.investments).sort((x, y) => x - y);
    const mean = inv.reduce((s, x) => s + x, 0) / N;
    const mid = inv[N / 2];
    expect(mid).toBeGreaterThanOrEqual(5);
    expect(mid).toBeLessThanOrEqual(15);
    expect(mean).toBeGreaterThan(1.5 * mid);
    expect(inv[N - 1]).toBeGreaterThan(150);
    for (const a of angels) expect(a.exits).toBeLessThanOrEqual(a.investments);
    expect(share((a) => a.exits === 0)).toBeGreaterThan(0.2);
  });

  it('given countries, when counted, then the US leads with roughly 45%', () => {
    const us = share((a) => a.country === 'United States');
    expect(us).toBeGreaterThan(0.41);
    expect(us).toBeLessThan(0.49);
  });
});

describe('generated records are demo data on reserved names', () => {
  it('given every web address and e-mail of 5,000 angels and 5,000 firms, then each host ends in .example', async () => {
    const { generateVcFirms } = await import('./vc-firms');
    const hosts: string[] = [];
    for (const a of angels) {
      for (const u of [a.companyUrl, a.linkedin, a.twitter, a.facebook, a.instagram])
        if (u) hosts.push(new URL(u).hostname);
      if (a.contactEmail) hosts.push(a.contactEmail.split('@')[1]!);
      if (a.domain) hosts.push(a.domain);
    }
    for (const f of generateVcFirms({ seed: 6, count: 5_000 })) {
      if (f.website) hosts.push(new URL(f.website).hostname);
      if (f.primaryContactEmail) hosts.push(f.primaryContactEmail.split('@')[1]!);
    }
    expect(hosts.length).toBeGreaterThan(10_000);
    expect(hosts.filter((h) => !h.endsWith('.example'))).toEqual([]);
  });
});
