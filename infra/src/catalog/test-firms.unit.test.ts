import { describe, expect, it } from 'vitest';
import { vcFirmSchema } from '@fp/contracts';
import { inChunks } from './chunks';
import { generateTestFirms } from './test-firms';

describe('generateTestFirms', () => {
  it('given sandbox sites, when generated, then there is one firm per slug pointing at its site', () => {
    // given
    const sites = ['acme-ventures', 'blue_ridge', 'zeta42'];
    // when
    const firms = generateTestFirms('http://127.0.0.1:4100/sandbox/', sites);
    // then
    expect(firms.map((f) => f.id)).toEqual(['test_vc_acme-ventures', 'test_vc_blue_ridge', 'test_vc_zeta42']);
    expect(firms.map((f) => f.website)).toEqual([
      'http://127.0.0.1:4100/sandbox/acme-ventures/',
      'http://127.0.0.1:4100/sandbox/blue_ridge/',
      'http://127.0.0.1:4100/sandbox/zeta42/',
    ]);
    expect(firms.map((f) => f.vcName)).toEqual(['Acme Ventures', 'Blue Ridge', 'Zeta42']);
    for (const f of firms) {
      expect(vcFirmSchema.safeParse(f).success).toBe(true);
      if (f.primaryContactEmail) expect(f.primaryContactEmail).toMatch(/@[a-z0-9-]+\.example$/);
    }
  });

  it('given a base URL without a trailing slash, when generated, then the website is the same', () => {
    expect(generateTestFirms('http://localhost:4100', ['a'])[0].website).toBe('http://localhost:4100/a/');
  });

  it('given sites in another order or with more sites, when generated, then each firm is unchanged', () => {
    const one = generateTestFirms('http://localhost:4100', ['acme', 'beta']);
    const other = generateTestFirms('http://localhost:4100', ['gamma', 'beta', 'acme']);
    expect(other[2]).toEqual(one[0]);
    expect(other[1]).toEqual(one[1]);
  });

  it.each([[''], ['has space'], ['../up'], ['-lead']])(
    'given the invalid slug %j, when generated, then it throws',
    (slug) => {
      expect(() => generateTestFirms('http://localhost:4100', [slug])).toThrow(RangeError);
    },
  );

  it('given a repeated slug, when generated, then it throws instead of producing duplicate ids', () => {
    expect(() => generateTestFirms('http://localhost:4100', ['a', 'a'])).toThrow(/duplicate/);
  });

  it('given an invalid base URL, when generated, then it throws', () => {
    expect(() => generateTestFirms('not a url', ['a'])).toThrow();
  });

  it('given no sites, when generated, then there are no firms', () => {
    expect(generateTestFirms('http://localhost:4100', [])).toEqual([]);
  });
});

describe('inChunks', () => {
  it('given 7 items and size 3, when chunked, then gives 3, 3, 1', () => {
    expect([...inChunks([1, 2, 3, 4, 5, 6, 7], 3)]).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('given an exact multiple or nothing, when chunked, then there is no empty trailing chunk', () => {
    expect([...inChunks([1, 2], 2)]).toEqual([[1, 2]]);
    expect([...inChunks([], 2)]).toEqual([]);
  });

  it.each([0, -1, 1.5])('given size %d, when chunked, then it throws', (size) => {
    expect(() => inChunks([1], size).next()).toThrow(RangeError);
  });
});
