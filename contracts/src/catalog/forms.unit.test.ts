import { describe, expect, it } from 'vitest';
import { formBadge, formNeedsYou, formUsability, type FirmFormEntry } from './forms';

const entry = (over: Partial<FirmFormEntry>): Pick<FirmFormEntry, 'outcome' | 'blockers' | 'kind'> => ({
  outcome: 'found',
  blockers: [],
  kind: 'native',
  ...over,
});

describe('what a registry entry means', () => {
  it('usable: a form found without a blocker the automation cannot pass (a required file takes the deck)', () => {
    expect(formUsability(entry({}))).toBe('usable');
    expect(formUsability(entry({ blockers: ['file_upload_required'] }))).toBe('usable');
  });

  it('unusable: no form, a CAPTCHA, a login, e-mail only', () => {
    expect(formUsability(entry({ outcome: 'no_form', kind: null }))).toBe('unusable');
    for (const b of ['captcha', 'login', 'email_only'] as const)
      expect(formUsability(entry({ outcome: 'blocked', blockers: [b] })), b).toBe('unusable');
  });

  it('unknown: never checked, or a check that learnt nothing about the firm', () => {
    expect(formUsability(null)).toBe('unknown');
    for (const outcome of ['unreachable', 'robots_disallowed', 'reserved_domain', 'no_website'] as const)
      expect(formUsability(entry({ outcome, kind: null })), outcome).toBe('unknown');
  });

  it('badges: the form builder by name, blockers first, nothing when unknown', () => {
    expect(formBadge(entry({}))).toEqual({ text: 'Online form', tone: 'ok' });
    expect(formBadge(entry({ kind: 'typeform' }))).toEqual({ text: 'Form: Typeform', tone: 'ok' });
    expect(formBadge(entry({ outcome: 'no_form', kind: null }))).toEqual({ text: 'No online form', tone: 'none' });
    expect(formBadge(entry({ outcome: 'blocked', blockers: ['captcha'] }))).toEqual({
      text: 'Needs you in the live view (CAPTCHA)',
      tone: 'warn',
    });
    expect(formBadge(entry({ outcome: 'blocked', blockers: ['login'] }))).toEqual({
      text: 'Needs you in the live view (Login required)',
      tone: 'warn',
    });
    expect(formBadge(entry({ outcome: 'blocked', blockers: ['captcha', 'email_only'], kind: null }))).toEqual({
      text: 'Blocked: CAPTCHA',
      tone: 'warn',
    });
    expect(formBadge(entry({ outcome: 'blocked', blockers: ['email_only'], kind: null }))).toEqual({
      text: 'E-mail only',
      tone: 'none',
    });
    expect(formBadge(entry({ outcome: 'unreachable', kind: null }))).toBeNull();
    expect(formBadge(null)).toBeNull();
  });

  it('needs you in the live view: only a CAPTCHA or a sign-in stands in the way', () => {
    expect(formNeedsYou(entry({ outcome: 'blocked', blockers: ['captcha'] }))).toBe(true);
    expect(formNeedsYou(entry({ outcome: 'blocked', blockers: ['login', 'file_upload_required'] }))).toBe(true);
    expect(formNeedsYou(entry({ outcome: 'blocked', blockers: ['captcha', 'email_only'] }))).toBe(false);
    expect(formNeedsYou(entry({}))).toBe(false);
    expect(formNeedsYou(entry({ outcome: 'no_form', kind: null }))).toBe(false);
    expect(formNeedsYou(null)).toBe(false);
  });
});
