import { describe, expect, it } from 'vitest';
import { submitResultMessage } from './submit-result';

describe('the submit toast names what was skipped and why', () => {
  it('says what was sent and charged', () => {
    expect(submitResultMessage({ creditsDeducted: 3, submissionIds: ['a', 'b', 'c'], skipped: [] }).description).toBe(
      '3 applications queued, 3 credits used. Follow the progress on the Submissions page.',
    );
  });

  it('counts the skips per reason', () => {
    const r = submitResultMessage({
      creditsDeducted: 1,
      submissionIds: ['a'],
      skipped: [
        { reason: 'already_applied' },
        { reason: 'reserved_domain' },
        { reason: 'reserved_domain' },
        { reason: 'in_progress' },
      ],
    });
    expect(r.description).toBe(
      '1 application queued, 1 credit used. Skipped 4: 1 already applied, 2 demo firms (reserved domain, never applied to), 1 already under way. Follow the progress on the Submissions page.',
    );
  });

  it('says plainly when nothing was sent', () => {
    const r = submitResultMessage({ creditsDeducted: 0, submissionIds: [], skipped: [{ reason: 'no_website' }] });
    expect(r).toEqual({
      sent: 0,
      description: 'No application sent, no credits used. Skipped 1: 1 without a website.',
    });
  });

  it('names firms skipped for having no usable online form', () => {
    const r = submitResultMessage({
      creditsDeducted: 0,
      submissionIds: [],
      skipped: [{ reason: 'no_usable_form' }, { reason: 'no_usable_form' }],
    });
    expect(r.description).toBe(
      'No application sent, no credits used. Skipped 2: 2 firms without a usable online form.',
    );
    expect(
      submitResultMessage({ creditsDeducted: 0, submissionIds: [], skipped: [{ reason: 'no_usable_form' }] })
        .description,
    ).toMatch(/Skipped 1: 1 firm without a usable online form\.$/);
  });
});

describe('firms skipped because their form requires a deck file', () => {
  it('say why and what to do', () => {
    const r = submitResultMessage({ creditsDeducted: 1, submissionIds: ['a'], skipped: [{ reason: 'deck_required' }] });
    expect(r.description).toContain(
      'Skipped 1: 1 firm whose form requires a pitch deck file (upload yours in Settings).',
    );
    expect(
      submitResultMessage({
        creditsDeducted: 0,
        submissionIds: [],
        skipped: [{ reason: 'deck_required' }, { reason: 'deck_required' }],
      }).description,
    ).toMatch(/Skipped 2: 2 firms whose forms require a pitch deck file \(upload yours in Settings\)\.$/);
  });
});
