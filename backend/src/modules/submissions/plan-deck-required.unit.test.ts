import type { FirmSnapshot } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { planSubmit, type FirmApplicationState, type PlanInput } from './decider';

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
