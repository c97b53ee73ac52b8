import type { DeckLinkSummary } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { formProblems, localToday } from './link-form';
import { readingByInvestor, readingLabel, recipientLabel, visitsCsv, whenLabel } from './queries';

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
  verifyEmail: false,
  source: 'founder',
  createdAt: now.toISOString(),
  name: null,
  origin: 'pipeline',
  deckId: null,
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

  it('adds up an investor over all their links; pages are of one deck version, never mixed', () => {
    const r = readingByInvestor([
      link({
        id: 'a',
        visits: 1,
        pagesViewed: 4,
        pageCount: 12,
        deckId: 'd12',
        totalSeconds: 60,
        lastVisitAt: '2026-03-01T00:00:00Z',
      }),
      link({
        id: 'b',
        visits: 2,
        pagesViewed: 3,
        pageCount: 10,
        deckId: 'd10',
        totalSeconds: 120,
        lastVisitAt: '2026-03-05T00:00:00Z',
      }),
      link({ id: 'c', investorId: null, investorKind: null, visits: 5 }),
    ]);
    expect([...r.keys()]).toEqual(['vc:f1']);
    // The latest visit read the 10-page version: "3 of 10", not "4 of 10" from the 12-page one.
    expect(r.get('vc:f1')).toEqual({
      deckId: 'd10',
      visits: 3,
      pagesViewed: 3,
      pageCount: 10,
      totalSeconds: 180,
      lastVisitAt: '2026-03-05T00:00:00Z',
    });
    const same = readingByInvestor([
      link({ id: 'a', visits: 1, pagesViewed: 7, pageCount: 10, deckId: 'd10', lastVisitAt: '2026-03-01T00:00:00Z' }),
      link({ id: 'b', visits: 1, pagesViewed: 3, pageCount: 10, deckId: 'd10', lastVisitAt: '2026-03-05T00:00:00Z' }),
    ]).get('vc:f1');
    expect(same).toMatchObject({ pagesViewed: 7, pageCount: 10 });
  });
});

describe('the links list and the visits export', () => {
  it('names a row by the name, the pipeline investor, the e-mail, else anyone with the link', () => {
    const names = new Map([['vc:f1', 'Cedar Ventures']]);
    expect(recipientLabel(link({ name: 'Ann Lee' }), names)).toBe('Ann Lee');
    expect(recipientLabel(link({ email: 'ann@cedar.example' }), names)).toBe('Cedar Ventures');
    expect(recipientLabel(link({ investorId: null, investorKind: null, email: 'x@y.example' }), names)).toBe(
      'x@y.example',
    );
    expect(recipientLabel(link({ investorId: null, investorKind: null }), names)).toBe('Anyone with the link');
  });

  it('exports visits as CSV, a column per page, formulas neutralised', () => {
    const csv = visitsCsv(
      '=Cedar, "Ventures"',
      [
        {
          visitId: 'v1',
          at: '2026-03-05T10:00:00.000Z',
          email: 'ann@cedar.example',
          verified: true,
          device: 'phone',
          deckId: 'd1',
          pages: [
            { page: 1, seconds: 3.5 },
            { page: 3, seconds: 1 },
          ],
          reach: 3,
          pageCount: 4,
          completion: 75,
          totalSeconds: 4.5,
          downloaded: false,
        },
      ],
      new Map([['d1', 'deck.pdf']]),
    );
    expect(csv.split('\r\n')).toEqual([
      'visited_at,recipient,email,email_verified,device,deck_version,pages_reached,page_count,completion_percent,total_seconds,downloaded,page_1_seconds,page_2_seconds,page_3_seconds,page_4_seconds',
      `2026-03-05T10:00:00.000Z,"'=Cedar, ""Ventures""",ann@cedar.example,true,phone,deck.pdf,3,4,75,4.5,false,3.5,0,1,0`,
      '',
    ]);
  });

  it('checks the form with the API’s own messages; no past expiry', () => {
    const v = {
      name: '',
      email: '',
      requireEmail: true,
      allowDownload: false,
      watermark: false,
      verifyEmail: false,
      passcode: '',
      expires: '',
    };
    expect(formProblems(v, now)).toEqual({});
    expect(formProblems({ ...v, email: 'nope', passcode: 'abc', expires: '2026-03-08' }, now)).toEqual({
      email: 'Please enter a valid email address',
      passcode: 'The passcode must be at least 4 characters',
      expires: 'The expiry date must be in the future.',
    });
    expect(formProblems({ ...v, expires: localToday(now) }, now)).toEqual({});
  });
});
