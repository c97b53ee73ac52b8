import type { FirmSnapshot } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import type { FirmApplicationState } from './firm-application-decider';
import { planSubmit, type PlanInput } from './plan-submit';

// Issue 23, item 9: a firm whose registered form requires a file is skipped before any charge when the founder has no deck.
describe('submit plan: a form known to require a deck file', () => {
  const firm: FirmSnapshot = {
    name: 'Forge',
    location: null,
    investorType: 'VC',
    description: null,
    website: 'https://forge.example/',
  };
  const open: FirmApplicationState = { status: 'open', holder: null };
  const input = (vcId: string, over: Partial<PlanInput> = {}): PlanInput => ({
    vcId,
    firm,
    application: open,
    revision: -1,
    submissionId: `sub-${vcId}`,
    ...over,
  });
  const needsFile = { outcome: 'found' as const, blockers: ['file_upload_required' as const], kind: 'native' as const };

  it('is skipped, with the reason and what to do, when the founder has no deck', () => {
    const plan = planSubmit([
      input('a', { form: needsFile, hasDeck: false }),
      input('b', { form: { outcome: 'found', blockers: [], kind: 'native' }, hasDeck: false }),
    ]);
    expect(plan.create.map((c) => c.vcId)).toEqual(['b']);
    expect(plan.skipped).toEqual([
      {
        vcId: 'a',
        reason: 'deck_required',
        message: expect.stringMatching(/requires a pitch deck file .*upload your deck as a PDF in Settings/),
      },
    ]);
  });
  it('is applied to when the founder has a deck, or when the registry does not know the form', () => {
    const plan = planSubmit([
      input('a', { form: needsFile, hasDeck: true }),
      input('b', { form: null, hasDeck: false }),
      input('c', { form: { ...needsFile, outcome: 'unreachable' }, hasDeck: false }),
    ]);
    expect(plan.create.map((c) => c.vcId)).toEqual(['a', 'b', 'c']);
    expect(plan.skipped).toEqual([]);
  });
  it("by the registry's required uploads: a form asking for a CV is skipped only when the founder has none, the deck alone is not enough", () => {
    const file = (label: string) => ({ label, type: 'file', required: true, asks: null });
    const cvForm = { ...needsFile, fields: [file('Founder CV / résumé (PDF)')] };
    const deckForm = { ...needsFile, fields: [file('Pitch deck (PDF upload)')] };
    const plan = planSubmit([
      input('a', { form: cvForm, hasDeck: true, documents: new Set() }),
      input('b', { form: cvForm, hasDeck: false, documents: new Set(['cv']) }),
      input('c', { form: deckForm, hasDeck: false, documents: new Set(['cv']) }),
      input('d', { form: deckForm, hasDeck: true, documents: new Set() }),
    ]);
    expect(plan.create.map((c) => c.vcId)).toEqual(['b', 'd']);
    expect(plan.skipped).toEqual([
      {
        vcId: 'a',
        reason: 'document_required',
        message:
          "This firm's application form requires your CV and you have not added one: add it under Settings → Documents as a PDF, then submit again.",
      },
      { vcId: 'c', reason: 'deck_required', message: expect.stringMatching(/requires a pitch deck file/) },
    ]);
  });
  it('an application already under way is reported as such first only when the deck is there', () => {
    const plan = planSubmit([
      input('a', {
        form: needsFile,
        hasDeck: true,
        application: { status: 'in_progress', holder: 'other' },
        revision: 0,
      }),
    ]);
    expect(plan.skipped.map((s) => s.reason)).toEqual(['in_progress']);
  });
});

describe('submit plan', () => {
  const firm = (website: string | null = 'https://northwind.example/'): FirmSnapshot => ({
    name: 'Northwind',
    location: null,
    investorType: 'VC',
    description: null,
    website,
  });
  const open: FirmApplicationState = { status: 'open', holder: null };
  const input = (vcId: string, over: Partial<PlanInput> = {}): PlanInput => ({
    vcId,
    firm: firm(),
    application: open,
    revision: -1,
    submissionId: `sub-${vcId}`,
    ...over,
  });

  it('applies to free firms and skips the rest, each with its reason', () => {
    const plan = planSubmit([
      input('a'),
      input('b', { firm: null }),
      input('c', { firm: firm(null) }),
      input('d', { application: { status: 'applied', holder: 'old' }, revision: 1 }),
      input('e', { application: { status: 'in_progress', holder: 'other' }, revision: 0 }),
      input('f', { application: open, revision: 3 }),
      input('g', { unusable: 'reserved_domain' }),
    ]);
    expect(plan.create.map((c) => [c.vcId, c.revision])).toEqual([
      ['a', -1],
      ['f', 3],
    ]);
    expect(plan.skipped.map((s) => [s.vcId, s.reason])).toEqual([
      ['b', 'not_found'],
      ['c', 'no_website'],
      ['d', 'already_applied'],
      ['e', 'in_progress'],
      ['g', 'reserved_domain'],
    ]);
    expect(plan.skipped[3]!.message).toBe('An application to this firm is already under way.');
  });

  it('skips, before any charge, firms the registry found no usable form on (a CAPTCHA or sign-in alone is offered), and says why', () => {
    const plan = planSubmit([
      input('none', { form: { outcome: 'no_form', blockers: [], kind: null } }),
      input('captcha', { form: { outcome: 'blocked', blockers: ['captcha'], kind: null } }),
      input('login', { form: { outcome: 'blocked', blockers: ['login'], kind: null } }),
      input('mail', { form: { outcome: 'blocked', blockers: ['email_only'], kind: null } }),
      // A form the automation can use, a required file it attaches the deck to, and what the registry does not know: applied to.
      input('typeform', { form: { outcome: 'found', blockers: [], kind: 'typeform' } }),
      input('file', { form: { outcome: 'found', blockers: ['file_upload_required'], kind: 'native' } }),
      input('down', { form: { outcome: 'unreachable', blockers: [], kind: null } }),
      input('robots', { form: { outcome: 'robots_disallowed', blockers: [], kind: null } }),
      input('never', { form: null }),
    ]);
    // A CAPTCHA or a sign-in alone: applied to, the founder passes it in the live view.
    expect(plan.create.map((c) => c.vcId)).toEqual(['captcha', 'login', 'typeform', 'file', 'down', 'robots', 'never']);
    expect(plan.skipped.map((s) => [s.vcId, s.reason])).toEqual([
      ['none', 'no_usable_form'],
      ['mail', 'no_usable_form'],
    ]);
    expect(plan.skipped[1]!.message).toBe(
      "The registry of application forms found no form on this firm's website that the automation can use. (E-mail only)",
    );
    expect(plan.skipped[0]!.message).toMatch(/\(No online form\)$/);
  });

  it('skips a demo firm for its reserved domain before looking at the registry', () => {
    const plan = planSubmit([
      input('g', { unusable: 'reserved_domain', form: { outcome: 'no_form', blockers: [], kind: null } }),
    ]);
    expect(plan.skipped.map((s) => s.reason)).toEqual(['reserved_domain']);
  });

  it('skips, before any charge, a firm whose domain the lookup before the plan found not to resolve', () => {
    const plan = planSubmit([
      input('gone', { firm: firm('https://gone-firm.invalid/'), unusable: 'unresolvable_domain' }),
      input('live'),
    ]);
    expect(plan.create.map((c) => c.vcId)).toEqual(['live']);
    expect(plan.skipped).toEqual([
      {
        vcId: 'gone',
        reason: 'unresolvable_domain',
        message:
          "This firm's website address does not exist (its domain does not resolve), so there is nothing to apply on.",
      },
    ]);
  });

  it('plans again a firm this request already holds (a resend after a failure half-way)', () => {
    const plan = planSubmit([input('a', { application: { status: 'in_progress', holder: 'sub-a' }, revision: 0 })]);
    expect(plan.create.map((c) => c.vcId)).toEqual(['a']);
    expect(plan.skipped).toEqual([]);
  });
});
