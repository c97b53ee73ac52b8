import { describe, expect, it } from 'vitest';
import { normalizeIp, UnblockIpRequest } from './api';

describe('IP addresses', () => {
  it('writes addresses in canonical form', () => {
    expect(normalizeIp('203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeIp(' 10.0.0.1 ')).toBe('10.0.0.1');
    expect(normalizeIp('2001:0DB8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::1');
    expect(normalizeIp('::1')).toBe('::1');
    // IPv4-mapped IPv6 (what a dual-stack socket reports) is the IPv4 address.
    expect(normalizeIp('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeIp('0:0:0:0:0:ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('rejects what is not an address', () => {
    for (const bad of [
      '',
      'abc',
      '256.1.1.1',
      '1.2.3',
      '1.2.3.4.5',
      'fe80::1%eth0',
      '2001:db8::g',
      '1.2.3.4/24',
      'localhost',
    ])
      expect(normalizeIp(bad)).toBeNull();
  });

  it('validates the unblock request with the form messages', () => {
    expect(UnblockIpRequest.parse({ ip: '2001:DB8::1' })).toEqual({ ip: '2001:db8::1' });
    expect(UnblockIpRequest.safeParse({ ip: '999.1.1.1' }).error?.issues[0]?.message).toBe(
      'Please enter a valid IPv4 or IPv6 address',
    );
    expect(UnblockIpRequest.safeParse({ ip: 42 }).error?.issues[0]?.message).toBe(
      'Please enter a valid IPv4 or IPv6 address',
    );
    expect(UnblockIpRequest.safeParse({ ip: '  ' }).error?.issues[0]?.message).toBe('IP address is required');
    expect(UnblockIpRequest.safeParse({}).error?.issues[0]?.message).toBe('IP address is required');
    expect(UnblockIpRequest.safeParse({ ip: '1.2.3.4', extra: 1 }).success).toBe(false);
  });
});
