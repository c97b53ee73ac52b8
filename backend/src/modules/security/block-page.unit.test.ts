import { describe, expect, it } from 'vitest';
import { blockPage, untilWords } from './block-page';

describe('the block page', () => {
  const now = Date.parse('2026-03-01T10:00:00.000Z');

  it('says what happened, when it ends and how to reach support, with the address to quote', () => {
    const html = blockPage({
      ip: '203.0.113.9',
      endsAt: now + 9.5 * 60_000,
      now,
      contactUrl: 'mailto:help@acme.example',
    });
    expect(html).toContain('We paused access from your network for a while');
    expect(html).toContain('in about 10 minutes');
    expect(html).toContain('datetime="2026-03-01T10:09:30.000Z"');
    expect(html).toContain('href="mailto:help@acme.example"');
    expect(html).toContain('Support: help@acme.example');
    expect(html).toContain('<code>203.0.113.9</code>');
    expect(html).not.toMatch(/<link|src="\//); // self-contained: every other file is refused to the address too
  });

  it('says a block without an end stays until support lifts it, and escapes what it shows', () => {
    const html = blockPage({ ip: '2001:db8::1', endsAt: null, now, contactUrl: 'https://acme.example/help?a=1&b="x"' });
    expect(html).toContain('it stays until our team lifts it');
    expect(html).toContain('href="https://acme.example/help?a=1&amp;b=&quot;x&quot;"');
  });

  it('counts down in minutes, then hours', () => {
    expect(untilWords(30_000)).toBe('in about 1 minute');
    expect(untilWords(59 * 60_000)).toBe('in about 59 minutes');
    expect(untilWords(60 * 60_000)).toBe('in about 60 minutes');
    expect(untilWords(3 * 3600_000)).toBe('in about 3 hours');
  });
});
