import type { HourlyViolations } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { codeLabel, truncateKey, typesInSeries, untilText } from './format';
import { DEFAULT_LOOK, lookOf, TYPE_LOOKS } from './violation-types';

describe('security dashboard formatting', () => {
  it('shows codes as Title Case words, Unknown when empty', () => {
    expect(codeLabel('rate_limit')).toBe('Rate Limit');
    expect(codeLabel('user_agent')).toBe('User Agent');
    expect(codeLabel('honeypot')).toBe('Honeypot');
    expect(codeLabel('SQL_injection')).toBe('Sql Injection');
    expect(codeLabel('')).toBe('Unknown');
    expect(codeLabel(null)).toBe('Unknown');
  });

  it('gives each known type its own look and others the default one', () => {
    const known = ['rate_limit', 'brute_force', 'honeypot', 'user_agent', 'fingerprint', 'query_limit'];
    expect(Object.keys(TYPE_LOOKS).sort()).toEqual([...known].sort());
    const fills = known.map((t) => lookOf(t).fill);
    expect(new Set(fills).size).toBe(known.length);
    expect(new Set(known.map((t) => lookOf(t).icon)).size).toBe(known.length);
    expect(lookOf('sql_injection')).toBe(DEFAULT_LOOK);
    expect(fills).not.toContain(DEFAULT_LOOK.fill);
  });

  it('never shows a whole publishable key', () => {
    expect(truncateKey('ba_pk_aHR0cDovL2xvY2FsaG9zdDozMDAw')).toBe('ba_pk_aHR0cD…');
    expect(truncateKey('short')).toBe('sh…');
    expect(truncateKey('')).toBe('Not set');
  });

  it('words expiry times', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(untilText('2025-01-01T00:42:10Z', now)).toBe('in 43 min');
    expect(untilText('2025-01-01T05:00:00Z', now)).toBe('in 5 h');
    expect(untilText('2025-01-04T00:00:00Z', now)).toBe('in 3 days');
    expect(untilText('2024-12-31T23:00:00Z', now)).toBe('expired');
  });

  it('orders the chart legend by volume', () => {
    const hours: HourlyViolations[] = [
      { hour: 'a', total: 3, byType: { honeypot: 1, rate_limit: 2 } },
      { hour: 'b', total: 4, byType: { rate_limit: 1, user_agent: 3 } },
      { hour: 'c', total: 0, byType: { brute_force: 0 } },
    ];
    expect(typesInSeries(hours)).toEqual(['rate_limit', 'user_agent', 'honeypot']);
  });
});
