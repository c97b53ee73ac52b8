import { describe, expect, it } from 'vitest';
import {
  formAcceptsOnline,
  formBadge,
  formLiveViewBlockers,
  formNeedsYou,
  formUsability,
  UNPASSABLE_BLOCKERS,
  type FirmFormEntry,
} from './forms';

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

  it('unusable: no form, e-mail only (with or without a CAPTCHA or a login beside it)', () => {
    expect(formUsability(entry({ outcome: 'no_form', kind: null }))).toBe('unusable');
    expect(formUsability(entry({ outcome: 'blocked', blockers: ['email_only'] }))).toBe('unusable');
    expect(formUsability(entry({ outcome: 'blocked', blockers: ['captcha', 'email_only'] }))).toBe('unusable');
    expect(formUsability(entry({ outcome: 'blocked', blockers: ['login', 'email_only'] }))).toBe('unusable');
  });

  it('needs you: a CAPTCHA, a sign-in or both are the only obstacles (the founder passes them in the live view)', () => {
    for (const blockers of [['captcha'], ['login'], ['captcha', 'login'], ['login', 'file_upload_required']] as const)
      for (const outcome of ['blocked', 'found'] as const)
        expect(formUsability(entry({ outcome, blockers: [...blockers] })), `${outcome} ${blockers}`).toBe('needs_you');
  });

  it('accepts online: usable or needing the founder in the live view, not a form with no way in, null when unknown', () => {
    expect(formAcceptsOnline(entry({}))).toBe(true);
    expect(formAcceptsOnline(entry({ outcome: 'blocked', blockers: ['captcha'] }))).toBe(true);
    expect(formAcceptsOnline(entry({ outcome: 'blocked', blockers: ['login'] }))).toBe(true);
    expect(formAcceptsOnline(entry({ outcome: 'blocked', blockers: ['email_only'] }))).toBe(false);
    expect(formAcceptsOnline(entry({ outcome: 'blocked', blockers: ['captcha', 'email_only'] }))).toBe(false);
    expect(formAcceptsOnline(entry({ outcome: 'no_form', kind: null }))).toBe(false);
    expect(formAcceptsOnline(entry({ outcome: 'unreachable', kind: null }))).toBeNull();
    expect(formAcceptsOnline(null)).toBeNull();
  });

  it('every unpassable blocker is either passed in the live view or keeps the firm out (no blocker is left unjudged)', () => {
    for (const b of UNPASSABLE_BLOCKERS)
      expect(['needs_you', 'unusable']).toContain(formUsability(entry({ outcome: 'blocked', blockers: [b] })));
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
    expect(formBadge(entry({ outcome: 'blocked', blockers: ['login', 'captcha'] }))).toEqual({
      text: 'Needs you in the live view (CAPTCHA, Login required)',
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
    expect(formNeedsYou(entry({ outcome: 'unreachable', blockers: ['captcha'], kind: null }))).toBe(false);
  });

  it('says what the founder will do in the live view: CAPTCHA first, nothing for other forms', () => {
    expect(formLiveViewBlockers(entry({ outcome: 'blocked', blockers: ['login', 'captcha'] }))).toEqual([
      'captcha',
      'login',
    ]);
    expect(formLiveViewBlockers(entry({ outcome: 'blocked', blockers: ['login', 'file_upload_required'] }))).toEqual([
      'login',
    ]);
    expect(formLiveViewBlockers(entry({ outcome: 'blocked', blockers: ['captcha', 'email_only'] }))).toBeNull();
    expect(formLiveViewBlockers(entry({}))).toBeNull();
    expect(formLiveViewBlockers(null)).toBeNull();
  });
});
