import { describe, expect, it } from 'vitest';
import { signViewToken, verifyViewToken } from './tokens';

const now = new Date('2025-03-01T10:00:00Z');

describe('view tokens', () => {
  it('accepts a token for its submission and owner until it expires', () => {
    const t = signViewToken('s3cret', 'sub-1', 'user-1', now, 60_000);
    expect(verifyViewToken('s3cret', t, 'sub-1', 'user-1', now)).toBe('ok');
    expect(verifyViewToken('s3cret', t, 'sub-1', 'user-1', new Date(now.getTime() + 59_000))).toBe('ok');
    expect(verifyViewToken('s3cret', t, 'sub-1', 'user-1', new Date(now.getTime() + 3 * 60_000))).toBe('expired');
  });

  it('refuses another submission, another owner, another secret and tampering', () => {
    const t = signViewToken('s3cret', 'sub-1', 'user-1', now);
    expect(verifyViewToken('s3cret', t, 'sub-2', 'user-1', now)).toBe('invalid');
    expect(verifyViewToken('s3cret', t, 'sub-1', 'user-2', now)).toBe('invalid');
    expect(verifyViewToken('other', t, 'sub-1', 'user-1', now)).toBe('invalid');
    const [exp, sig] = t.split('.');
    const later = (parseInt(exp!, 36) + 6000).toString(36);
    expect(verifyViewToken('s3cret', `${later}.${sig}`, 'sub-1', 'user-1', now)).toBe('invalid');
    expect(verifyViewToken('s3cret', undefined, 'sub-1', 'user-1', now)).toBe('invalid');
    expect(verifyViewToken('s3cret', 'garbage', 'sub-1', 'user-1', now)).toBe('invalid');
  });

  it('hands out the same token within a minute, so image URLs stay cacheable', () => {
    expect(signViewToken('s', 'a', 'b', now)).toBe(signViewToken('s', 'a', 'b', new Date(now.getTime() + 20_000)));
  });
});
