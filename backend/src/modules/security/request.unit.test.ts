import { describe, expect, it } from 'vitest';
import { proxyTrust, resolveClientIp } from './request';

describe('client address behind proxies', () => {
  const loopback = proxyTrust(['loopback']);

  it('believes X-Forwarded-For only from a trusted proxy', () => {
    expect(resolveClientIp('127.0.0.1', '203.0.113.5', loopback)).toBe('203.0.113.5');
    expect(resolveClientIp('::ffff:127.0.0.1', '203.0.113.5', loopback)).toBe('203.0.113.5');
    // A client on the internet cannot name another address.
    expect(resolveClientIp('198.51.100.20', '203.0.113.5', loopback)).toBe('198.51.100.20');
    expect(resolveClientIp('127.0.0.1', '203.0.113.5', proxyTrust([]))).toBe('127.0.0.1');
  });

  it('reads the header from the right, stopping at the first untrusted hop', () => {
    // The client wrote "1.1.1.1" itself; the proxy appended the real peer 203.0.113.5.
    expect(resolveClientIp('127.0.0.1', '1.1.1.1, 203.0.113.5', loopback)).toBe('203.0.113.5');
    const chain = proxyTrust(['loopback', '10.0.0.0/8']);
    expect(resolveClientIp('127.0.0.1', ['1.1.1.1, 203.0.113.5', '10.1.2.3'], chain)).toBe('203.0.113.5');
    expect(resolveClientIp('127.0.0.1', 'garbage, 10.1.2.3', chain)).toBe('10.1.2.3');
  });

  it('canonicalises IPv6', () => {
    expect(resolveClientIp('::1', '2001:0DB8::7', loopback)).toBe('2001:db8::7');
    expect(resolveClientIp('2001:db8:0:0::9', undefined, loopback)).toBe('2001:db8::9');
  });

  it('knows the named ranges and rejects nonsense', () => {
    const priv = proxyTrust(['private']);
    expect(['10.9.9.9', '172.20.0.1', '192.168.1.1', 'fd00::1'].map(priv)).toEqual([true, true, true, true]);
    expect(['8.8.8.8', '127.0.0.1'].map(priv)).toEqual([false, false]);
    expect(() => proxyTrust(['nonsense'])).toThrow(/SECURITY_TRUSTED_PROXIES/);
  });
});
