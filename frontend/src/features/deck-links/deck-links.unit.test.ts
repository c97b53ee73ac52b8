import type { DeckLinkSummary } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { readingByInvestor, readingLabel, whenLabel } from './queries';

const now = new Date(2026, 2, 9, 15, 0); // a Monday
const link = (o: Partial<DeckLinkSummary>): DeckLinkSummary => ({
  id: 'l',
  url: 'u',
  investorId: 'f1',
  email: null,
  visits: 0,
  pagesViewed: 0,
  totalSeconds: 0,
  lastVisitAt: null,
  enabled: true,
  investorKind: 'vc',
  pageCount: null,
  requireEmail: true,
  allowDownload: false,
  expiresAt: null,
  hasPasscode: false,
  watermark: false,
  source: 'founder',
  createdAt: now.toISOString(),
  ...o,
});

describe('deck reading on the pipeline card', () => {
  it('words the card line as the issue does', () => {
    const thursday = new Date(2026, 2, 5, 10, 0).toISOString();
    expect(
      readingLabel({ visits: 2, pagesViewed: 9, pageCount: 12, totalSeconds: 185, lastVisitAt: thursday }, now),
    ).toBe('Opened 2 times · 9 of 12 pages · 3 min · last Thursday');
    expect(
      readingLabel(
        { visits: 1, pagesViewed: 1, pageCount: null, totalSeconds: 40, lastVisitAt: now.toISOString() },
        now,
      ),
    ).toBe('Opened once · 1 page · 40 s · today');
    expect(
      readingLabel({ visits: 0, pagesViewed: 0, pageCount: null, totalSeconds: 0, lastVisitAt: null }, now),
    ).toBeNull();
  });

  it('says when, relative to today', () => {
    expect(whenLabel(new Date(2026, 2, 8, 23, 0).toISOString(), now)).toBe('yesterday');
    expect(whenLabel(new Date(2026, 1, 20).toISOString(), now)).toBe('on Feb 20');
  });

  it('adds up an investor over all their links', () => {
    const r = readingByInvestor([
      link({
        id: 'a',
        visits: 1,
        pagesViewed: 4,
        pageCount: 12,
        totalSeconds: 60,
        lastVisitAt: '2026-03-01T00:00:00Z',
      }),
      link({ id: 'b', visits: 2, pagesViewed: 9, totalSeconds: 120, lastVisitAt: '2026-03-05T00:00:00Z' }),
      link({ id: 'c', investorId: null, investorKind: null, visits: 5 }),
    ]);
    expect([...r.keys()]).toEqual(['vc:f1']);
    expect(r.get('vc:f1')).toEqual({
      visits: 3,
      pagesViewed: 9,
      pageCount: 12,
      totalSeconds: 180,
      lastVisitAt: '2026-03-05T00:00:00Z',
    });
  });
});
