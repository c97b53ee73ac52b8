import type { PipelineCard } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { followUpLabel, followUpsDue, localDay, stageCounts } from './queries';

const card = (id: string, stage: PipelineCard['stage'], nextFollowUp: string | null): PipelineCard => ({
  id,
  investorId: id,
  investorKind: 'vc',
  name: id,
  stage,
  notes: null,
  nextFollowUp,
  passReason: null,
  introducedBy: null,
  amount: null,
  submissionIds: [],
  updatedAt: '2026-01-01T00:00:00Z',
});

describe('pipeline helpers', () => {
  it('lists open follow-ups due today or overdue, most overdue first', () => {
    const cards = [
      card('a', 'Meeting', '2026-01-10'),
      card('b', 'Applied', '2026-01-08'),
      card('c', 'Meeting', '2026-01-11'),
      card('d', 'Passed', '2026-01-01'),
      card('e', 'Target', null),
    ];
    expect(followUpsDue(cards, '2026-01-10').map((c) => c.id)).toEqual(['b', 'a']);
  });
  it('counts cards in every stage, in order', () => {
    const counts = stageCounts([card('a', 'Meeting', null), card('b', 'Meeting', null), card('c', 'Target', null)]);
    expect(counts[0]).toEqual({ stage: 'Target', count: 1 });
    expect(counts.find((c) => c.stage === 'Meeting')!.count).toBe(2);
    expect(counts).toHaveLength(9);
  });
  it('words follow-up dates relative to today', () => {
    expect(followUpLabel('2026-01-10', '2026-01-10')).toBe('Due today');
    expect(followUpLabel('2026-01-09', '2026-01-10')).toBe('Overdue by 1 day');
    expect(followUpLabel('2026-01-13', '2026-01-10')).toBe('In 3 days');
    expect(localDay(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
