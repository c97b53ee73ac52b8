import type { InvestorUpdateEvent, UpdateContent, UpdateDelivery, UpdateRecipients } from '@fp/contracts';
import { metricSourceLabel } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError, type CommandMeta } from '../../platform/decider';
import { given } from '../../testing/decider';
import { investorUpdateDecider, type InvestorUpdateCommand } from './investor-update-decider';
import { checkSources, profileMetrics } from './profile-metrics';

const NOW: CommandMeta = { now: new Date('2026-11-02T09:00:00Z'), actor: 'u1' };
const content = (o: Partial<UpdateContent> = {}): UpdateContent => ({
  subject: 'Acme update — November 2026',
  highlights: 'Shipped v2.',
  metrics: [],
  asks: '',
  lowlights: '',
  ...o,
});
const recipients: UpdateRecipients = { stages: ['In conversation'], emails: [], addresses: [] };
const drafted = (c = content()): InvestorUpdateEvent => ({
  type: 'InvestorUpdateDrafted',
  data: { updateId: 'up1', userId: 'u1', content: c, recipients },
});
const to = (email: string): UpdateDelivery => ({
  email,
  name: null,
  investorId: null,
  investorKind: null,
  messageId: `m-${email}`,
  deckLinkId: null,
  deckUrl: null,
});
const from = { name: 'Ada Founder', company: 'Acme', email: 'ada@acme.example' };
const send = (userId = 'u1', list = [to('gp@fund.example')]): InvestorUpdateCommand => ({
  type: 'SendUpdate',
  data: { updateId: 'up1', userId, from, recipients: list, skipped: [] },
});
const sent = (c = content()): InvestorUpdateEvent => ({
  type: 'InvestorUpdateSent',
  data: {
    updateId: 'up1',
    userId: 'u1',
    at: NOW.now.toISOString(),
    from,
    content: c,
    recipients: [to('gp@fund.example')],
    skipped: [],
  },
});

describe('investor update decider', () => {
  it('drafts an update once (the same id again adds nothing)', () => {
    const e = drafted();
    given(investorUpdateDecider)
      .when({ type: 'DraftUpdate', data: (e as any).data })
      .then([e]);
    given(investorUpdateDecider, e)
      .when({ type: 'DraftUpdate', data: (e as any).data })
      .then([]);
  });

  it('records only what an edit changes; another founder gets 404', () => {
    const edit = (userId: string, o: object): InvestorUpdateCommand => ({
      type: 'EditUpdate',
      data: { updateId: 'up1', userId, ...o },
    });
    given(investorUpdateDecider, drafted())
      .when(edit('u1', { content: content({ asks: 'Intros to logistics buyers' }), recipients }))
      .then([
        {
          type: 'InvestorUpdateEdited',
          data: { updateId: 'up1', userId: 'u1', content: content({ asks: 'Intros to logistics buyers' }) },
        },
      ]);
    given(investorUpdateDecider, drafted())
      .when(edit('u1', { content: content() }))
      .then([]);
    given(investorUpdateDecider, drafted())
      .when(edit('u2', { content: content({ asks: 'x' }) }))
      .thenThrows(DomainError, 'Update not found', (e) => expect(e.status).toBe(404));
    given(investorUpdateDecider)
      .when(edit('u1', { content: content() }))
      .thenThrows(DomainError, 'Update not found');
  });

  it('refuses to change a sent update (409)', () => {
    given(investorUpdateDecider, drafted(), sent())
      .when({ type: 'EditUpdate', data: { updateId: 'up1', userId: 'u1', content: content({ asks: 'late' }) } })
      .thenThrows(DomainError, /has been sent/, (e) => expect(e.status).toBe(409));
  });

  it('sends the draft as saved, to the resolved recipients, with the time of Send', () => {
    given(investorUpdateDecider, drafted()).when(send(), NOW).then([sent()]);
  });

  it('sends once: a second Send (double click, another tab, a retry) records nothing', () => {
    given(investorUpdateDecider, drafted(), sent()).when(send(), NOW).then([]);
    given(investorUpdateDecider, drafted(), sent())
      .when(send('u1', [to('someone-else@fund.example')]), NOW)
      .thenState((s) => {
        expect(s.update!.sent!.recipients.map((r) => r.email)).toEqual(['gp@fund.example']);
      });
  });

  it("refuses another founder's Send (404), an empty update and no recipients (400)", () => {
    given(investorUpdateDecider, drafted())
      .when(send('u2'))
      .thenThrows(DomainError, 'Update not found', (e) => expect(e.status).toBe(404));
    given(investorUpdateDecider, drafted(content({ highlights: ' ' })))
      .when(send())
      .thenThrows(DomainError, /Write a subject/, (e) => expect(e.status).toBe(400));
    given(investorUpdateDecider, drafted(content({ subject: '' })))
      .when(send())
      .thenThrows(DomainError, /Write a subject/);
    given(investorUpdateDecider, drafted())
      .when(send('u1', []))
      .thenThrows(DomainError, /at least one recipient/, (e) => expect(e.status).toBe(400));
    // Metrics alone are content.
    given(
      investorUpdateDecider,
      drafted(content({ highlights: '', metrics: [{ label: 'MRR', value: '$12k', source: 'founder' }] })),
    )
      .when(send(), NOW)
      .thenState((s) => expect(s.update!.sent).not.toBeNull());
  });
});

describe('metrics from the profile', () => {
  it('takes exact values where the profile has them, else the range, and says where each came from', () => {
    expect(
      profileMetrics({
        monthlyRevenue: '12500',
        revenueCurrency: 'EUR',
        revenue: '$10-50K MRR',
        teamCount: '7',
        teamSize: '6-10',
        raising: '$2M',
      }),
    ).toEqual([
      { label: 'Monthly revenue', value: 'EUR 12,500', source: 'profile:monthlyRevenue' },
      { label: 'Team', value: '7 people', source: 'profile:teamCount' },
      { label: 'Raising', value: '$2M', source: 'profile:raising' },
    ]);
    expect(profileMetrics({ revenue: '$10-50K MRR', teamSize: '6-10' })).toEqual([
      { label: 'Monthly revenue', value: '$10-50K MRR', source: 'profile:revenue (range)' },
      { label: 'Team', value: '6-10 people', source: 'profile:teamSize (range)' },
    ]);
    expect(profileMetrics({}).map((m) => [m.value, m.source])).toEqual([
      ['', 'founder'],
      ['', 'founder'],
    ]);
    expect(metricSourceLabel('profile:monthlyRevenue')).toBe('Exact Monthly Revenue (profile)');
    expect(metricSourceLabel('profile:revenue (range)')).toBe('Revenue range (profile)');
    expect(metricSourceLabel('founder')).toBe('You');
  });

  it('a value changed by the founder is theirs, not the profile’s', () => {
    const p = { monthlyRevenue: '12500', teamCount: '7' };
    expect(
      checkSources(
        [
          { label: 'Monthly revenue', value: 'USD 12,500', source: 'profile:monthlyRevenue' },
          { label: 'Team', value: '9 people', source: 'profile:teamCount' },
          { label: 'Runway', value: '18 months', source: 'profile:raising' },
        ],
        p,
      ).map((m) => m.source),
    ).toEqual(['profile:monthlyRevenue', 'founder', 'founder']);
  });
});
