import { describe, expect, it } from 'vitest';
import { checkUrlSafety, isHostAllowed, isPrivateAddress, parseAllowedHosts, type Resolver } from '.';

const dns =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    if (!table[host]) throw new Error('ENOTFOUND');
    return table[host];
  };

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
  ])('IPv4 %s is private', (ip) => expect(isPrivateAddress(ip)).toBe(true));
  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '100.128.0.1', '93.184.216.34'])(
    'IPv4 %s is public',
    (ip) => expect(isPrivateAddress(ip)).toBe(false),
  );
  it.each([
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:c0a8:101::1',
    '2001:db8::1',
    '[::1]',
  ])('IPv6 %s is private', (ip) => expect(isPrivateAddress(ip)).toBe(true));
  it.each(['2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8'])('IPv6 %s is public', (ip) =>
    expect(isPrivateAddress(ip)).toBe(false),
  );
  it('refuses what is not an address', () => expect(isPrivateAddress('example.com')).toBe(true));
});

describe('allowed hosts', () => {
  it('parses comma lists like AUTOMATION_ALLOWED_HOSTS', () => {
    expect(parseAllowedHosts(' 127.0.0.1:3100, Localhost ,,')).toEqual(['127.0.0.1:3100', 'localhost']);
    expect(parseAllowedHosts(['a.test'])).toEqual(['a.test']);
    expect(parseAllowedHosts(undefined)).toEqual([]);
  });
  it('matches host with or without port', () => {
    const list = parseAllowedHosts('127.0.0.1:3100,localhost,[::1]:8080,*.internal.test');
    expect(isHostAllowed(new URL('http://127.0.0.1:3100/x'), list)).toBe(true);
    expect(isHostAllowed(new URL('http://127.0.0.1:3101/x'), list)).toBe(false);
    expect(isHostAllowed(new URL('http://localhost:9999/'), list)).toBe(true);
    expect(isHostAllowed(new URL('http://[::1]:8080/'), list)).toBe(true);
    expect(isHostAllowed(new URL('http://[::1]:8081/'), list)).toBe(false);
    expect(isHostAllowed(new URL('https://a.internal.test/'), list)).toBe(true);
    expect(isHostAllowed(new URL('http://127.0.0.1/'), parseAllowedHosts('127.0.0.1:80'))).toBe(true);
  });
});

describe('checkUrlSafety', () => {
  const resolve = dns({
    'vc.sample-firm.net': ['93.184.216.34'],
    'evil.sample-firm.net': ['93.184.216.34', '10.0.0.5'],
    'rebind.sample-firm.net': ['::1'],
  });
  it('accepts public http(s) URLs', async () => {
    expect((await checkUrlSafety('https://vc.sample-firm.net/apply', {}, resolve)).ok).toBe(true);
  });
  it('refuses other schemes, credentials and garbage', async () => {
    for (const u of [
      'file:///etc/passwd',
      'ftp://vc.sample-firm.net/',
      'javascript:alert(1)',
      'not a url',
      'http://user:pw@vc.sample-firm.net/',
    ])
      expect((await checkUrlSafety(u, {}, resolve)).ok).toBe(false);
  });
  it('refuses private targets, by literal or after DNS (any resolved address)', async () => {
    for (const u of [
      'http://127.0.0.1:3100/',
      'http://localhost/',
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://evil.sample-firm.net/',
      'http://rebind.sample-firm.net/',
    ])
      expect((await checkUrlSafety(u, {}, resolve)).ok, u).toBe(false);
  });
  it('refuses reserved (demo) names before resolving them, even when allowed', async () => {
    const anyAddress = dns({
      'acme.example': ['93.184.216.34'],
      'www.example.com': ['93.184.216.34'],
      'x.invalid': ['93.184.216.34'],
    });
    for (const u of ['https://acme.example/apply', 'https://www.example.com/', 'http://x.invalid/']) {
      const v = await checkUrlSafety(u, { allowPrivate: true }, anyAddress);
      expect(v.ok, u).toBe(false);
      if (!v.ok) expect(v.reason).toMatch(/reserved domain/);
    }
  });
  it('refuses hosts that do not resolve', async () => {
    const v = await checkUrlSafety('http://nowhere.sample-firm.net/', {}, resolve);
    expect(v.ok).toBe(false);
  });
  it('allows private targets with allowPrivate or an allowed host[:port]', async () => {
    expect((await checkUrlSafety('http://127.0.0.1:3100/', { allowPrivate: true }, resolve)).ok).toBe(true);
    expect((await checkUrlSafety('http://127.0.0.1:3100/', { allowedHosts: '127.0.0.1:3100' }, resolve)).ok).toBe(true);
    expect((await checkUrlSafety('http://127.0.0.1:3101/', { allowedHosts: '127.0.0.1:3100' }, resolve)).ok).toBe(
      false,
    );
    expect((await checkUrlSafety('file:///x', { allowPrivate: true }, resolve)).ok).toBe(false);
  });
});
