import { describe, expect, it } from 'vitest';
import { slowDownMs } from './brute-force';
import { agentFamily, automatedMarker } from './agents';
import { isHoneypot, isSignIn } from './classify';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36';
const HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/139.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('automated user agents', () => {
  it('lets browsers a person uses pass', () => {
    for (const ua of [CHROME, FIREFOX, SAFARI_IOS]) expect(automatedMarker(ua, [])).toBeNull();
  });

  it('recognises tools, libraries, headless browsers and crawlers', () => {
    expect(automatedMarker('curl/8.5.0', [])).toBe('curl');
    expect(automatedMarker('Wget/1.21.4', [])).toBe('wget');
    expect(automatedMarker('python-requests/2.32.3', [])).toBe('python');
    expect(automatedMarker('Python-urllib/3.12', [])).toBe('python');
    expect(automatedMarker('Go-http-client/1.1', [])).toBe('go-http-client');
    expect(automatedMarker(HEADLESS, [])).toBe('headless');
    expect(automatedMarker('node', [])).toBe('node');
    expect(automatedMarker('axios/1.7.2', [])).toBe('node');
    expect(automatedMarker('Scrapy/2.11 (+https://scrapy.org)', [])).toBe('scrapy');
    expect(automatedMarker('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', [])).toBe(
      'crawler',
    );
    expect(automatedMarker('PostmanRuntime/7.39.0', [])).toBe('api-client');
  });

  it('treats a missing agent as automated', () => {
    expect(automatedMarker(undefined, [])).toBe('missing');
    expect(automatedMarker('  ', [])).toBe('missing');
  });

  it('lets allow-listed agents pass, case-insensitively', () => {
    expect(automatedMarker('curl/8.5.0', ['CURL/'])).toBeNull();
    expect(automatedMarker('python-requests/2.32.3', ['ops-monitor', 'curl'])).toBe('python');
    expect(automatedMarker('ops-monitor/1.0 python-requests/2.32', ['ops-monitor'])).toBeNull();
  });

  it('keeps the agent family across browser updates but not across programs', () => {
    expect(agentFamily(CHROME)).toBe(agentFamily(CHROME.replace('139.0.0.0', '140.0.7339.16')));
    expect(agentFamily(CHROME)).not.toBe(agentFamily(FIREFOX));
    expect(agentFamily(CHROME)).not.toBe(agentFamily('curl/8.5.0'));
  });
});

describe('request classes', () => {
  // The limit classes are declared on the routes: backend/test/route-limits.int.test.ts reads them.
  it('knows the sign-in routes and the honeypots', () => {
    expect(isSignIn('POST', '/api/identity/sign-in/email')).toBe(true);
    expect(isSignIn('POST', '/api/identity/signin')).toBe(true);
    expect(isSignIn('POST', '/api/identity/sign-up/email')).toBe(false);
    expect(isSignIn('GET', '/api/identity/sign-in/email')).toBe(false);
    expect(isHoneypot('/wp-login.php')).toBe(true);
    expect(isHoneypot('/api/v1/users')).toBe(true);
    expect(isHoneypot('/api/auth/me')).toBe(false);
  });
});

describe('sign-in slow-down', () => {
  it('waits from the threshold on, doubling each time, capped', () => {
    expect([0, 4].map((f) => slowDownMs(f, 5))).toEqual([0, 0]);
    expect([5, 6, 7].map((f) => slowDownMs(f, 5))).toEqual([500, 1000, 2000]);
    expect(slowDownMs(50, 5)).toBe(8000);
  });
});
