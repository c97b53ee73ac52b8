import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { canFetchLiveUrl, needsAnswers, notesFor, primaryAction, statusLabel, successRate } from './format';

describe('submissions screen rules', () => {
  it('shows status codes as Title Case words, Unknown when empty (spec §3)', () => {
    expect(statusLabel('form_filled')).toBe('Form Filled');
    expect(statusLabel('processing')).toBe('Processing');
    expect(statusLabel('')).toBe('Unknown');
    expect(statusLabel(null)).toBe('Unknown');
  });

  it('computes the success rate as completed / finished (completed + failed), none while nothing finished', () => {
    expect(successRate({ completed: 0, failed: 0 })).toBeNull();
    expect(successRate({ completed: 2, failed: 1 })).toBe(67);
    expect(successRate({ completed: 1, failed: 7 })).toBe(13);
  });

  it('opens the live view when there is one, otherwise the details (spec §2)', () => {
    expect(primaryAction({ liveUrl: '/live/a?token=t' })).toBe('live');
    expect(primaryAction({ liveUrl: null })).toBe('details');
  });

  it('offers the live-URL fetch only to processing rows with a task id and no live URL (spec §2)', () => {
    expect(canFetchLiveUrl({ status: 'processing', taskId: 't', liveUrl: null })).toBe(true);
    expect(canFetchLiveUrl({ status: 'processing', taskId: null, liveUrl: null })).toBe(false);
    expect(canFetchLiveUrl({ status: 'processing', taskId: 't', liveUrl: '/live/x' })).toBe(false);
    expect(canFetchLiveUrl({ status: 'pending', taskId: 't', liveUrl: null })).toBe(false);
  });

  it('fills the notes with the summary, the error, or where the run stands', () => {
    expect(notesFor({ status: 'completed', summary: 'Sent.', error: null })).toBe('Sent.');
    expect(notesFor({ status: 'failed', summary: null, error: 'CAPTCHA' })).toBe('CAPTCHA');
    expect(notesFor({ status: 'pending', summary: null, error: null })).toMatch(/Waiting/);
  });

  it('formats dates, and a dash when there is none', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
    expect(formatDateTime('2025-03-01T10:05:00Z', 'en-GB')).toMatch(/1 Mar 2025/);
  });
});

describe('a run paused for answers', () => {
  it('needs answers only while processing with sub-status waiting_for_input, and has no live URL to fetch', () => {
    expect(needsAnswers({ status: 'processing', submissionStatus: 'waiting_for_input' })).toBe(true);
    expect(needsAnswers({ status: 'processing', submissionStatus: 'navigating' })).toBe(false);
    expect(needsAnswers({ status: 'stopped', submissionStatus: 'stopped' })).toBe(false);
    expect(
      canFetchLiveUrl({ status: 'processing', taskId: 't', liveUrl: null, submissionStatus: 'waiting_for_input' }),
    ).toBe(false);
    expect(canFetchLiveUrl({ status: 'processing', taskId: 't', liveUrl: null, submissionStatus: 'navigating' })).toBe(
      true,
    );
  });
});
