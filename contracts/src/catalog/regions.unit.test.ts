import { describe, expect, it } from 'vitest';
import { groupCountriesByRegion, knownCountries, matchLocation, POPULAR_COUNTRIES, REGIONS, regionOf } from './regions';

describe('regionOf', () => {
  it.each([
    ['San Francisco, CA', 'North America'],
    ['New York, NY', 'North America'],
    ['Washington, DC', 'North America'],
    ['Wilmington, DE', 'North America'],
    ['Indianapolis, IN', 'North America'],
    ['Austin, Texas', 'North America'],
    ['Toronto, Canada', 'North America'],
    ['United States', 'North America'],
    ['USA', 'North America'],
    ['CA', 'North America'],
    ['London, United Kingdom', 'Europe'],
    ['London, UK', 'Europe'],
    ['Edinburgh, Scotland', 'Europe'],
    ['DE', 'Europe'],
    ['Berlin, germany', 'Europe'],
    ['Istanbul, Türkiye', 'Europe'],
    ['Bangalore, India', 'Asia'],
    ['IN', 'Asia'],
    ['Tel Aviv, Israel', 'Asia'],
    ['Dubai, UAE', 'Asia'],
    ['Singapore', 'Asia'],
    ['SGP', 'Asia'],
    ['São Paulo, Brazil', 'Latin America'],
    ['Mexico City, Mexico', 'Latin America'],
    ['Lagos, Nigeria', 'Africa'],
    ["Abidjan, Côte d'Ivoire", 'Africa'],
    ['Sydney, Australia', 'Oceania'],
    ['Auckland, NZ', 'Oceania'],
    ['Tbilisi, Georgia', 'Asia'],
  ])('given %j, when matched, then the region is %s', (location, region) => {
    expect(regionOf(location)).toBe(region);
  });

  it.each(['Remote', 'Global', '', '   ', 'NA', 'N/A', 'in', 'Paris', 'Atlantis, XY'])(
    'given %j that matches no list, when matched, then it is Other',
    (location) => expect(regionOf(location)).toBe('Other'),
  );

  it('given null or undefined, when matched, then it is Other', () => {
    expect(regionOf(null)).toBe('Other');
    expect(regionOf(undefined)).toBe('Other');
  });

  it('given a bare code with no city before it, when matched, then it is read as an ISO country code', () => {
    expect(matchLocation('CA')).toEqual({ region: 'North America', country: 'Canada' });
  });

  it('given a US city, when matched, then the canonical country is United States', () => {
    expect(matchLocation('Boston, MA')).toEqual({ region: 'North America', country: 'United States' });
    expect(matchLocation('Casablanca, Morocco').country).toBe('Morocco');
  });
});

describe('groupCountriesByRegion', () => {
  it('given mixed locations, when grouped, then each lands in its region in input order', () => {
    // given
    const locations = [
      'San Francisco, CA',
      'Berlin, Germany',
      'Remote',
      'Bangalore, India',
      'Toronto, Canada',
      'Lagos, Nigeria',
    ];
    // when
    const groups = groupCountriesByRegion(locations);
    // then
    expect(groups).toEqual({
      'North America': ['San Francisco, CA', 'Toronto, Canada'],
      Europe: ['Berlin, Germany'],
      Asia: ['Bangalore, India'],
      'Latin America': [],
      Africa: ['Lagos, Nigeria'],
      Oceania: [],
      Other: ['Remote'],
    });
  });

  it('given repeats and blanks, when grouped, then each location appears once and blanks are dropped', () => {
    const groups = groupCountriesByRegion(['UK', ' UK ', '', 'UK']);
    expect(groups.Europe).toEqual(['UK']);
    expect(Object.values(groups).flat()).toHaveLength(1);
  });

  it('given no locations, when grouped, then every region is present and empty, in order', () => {
    const groups = groupCountriesByRegion([]);
    expect(Object.keys(groups)).toEqual([...REGIONS]);
    expect(Object.values(groups).every((g) => g.length === 0)).toBe(true);
  });
});

describe('fixed lists', () => {
  it('given the popular countries, when matched, then every one is a known country outside Other', () => {
    for (const country of POPULAR_COUNTRIES) expect(matchLocation(country).country).toBe(country);
  });

  it('given every known country name, when matched, then it maps back to its own region', () => {
    for (const region of REGIONS) {
      if (region === 'Other') continue;
      for (const country of knownCountries(region)) expect(matchLocation(country)).toEqual({ region, country });
    }
  });
});
