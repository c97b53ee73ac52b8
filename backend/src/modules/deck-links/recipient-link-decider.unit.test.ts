import { describe, expect, it } from 'vitest';
import { recipientLinkDecider, type RecipientLinkFacts } from './recipient-link-decider';

const link = (o: Partial<RecipientLinkFacts> & { id: string }): RecipientLinkFacts => ({
  email: null,
  investorId: null,
  investorKind: null,
  enabled: true,
  deleted: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...o,
});
const ann = { email: 'ann@fund.example', investorId: 'f1', investorKind: 'vc' };

describe('recipient link decider (off means off)', () => {
  it('given no link for the recipient, when an update is sent, then a new link is made', () => {
    expect(recipientLinkDecider.decide([link({ id: 'x', email: 'bob@fund.example' })], ann)).toEqual({ kind: 'mint' });
  });

  it('given the recipient’s link was turned off, when an update is sent, then no new link is made', () => {
    const links = [link({ id: 'l1', email: 'Ann@Fund.example', enabled: false })];
    expect(recipientLinkDecider.decide(links, ann)).toEqual({ kind: 'off', linkId: 'l1', deleted: false });
  });

  it('given the investor’s pipeline link was deleted, when an update is sent to their e-mail, then no new link is made', () => {
    const links = [link({ id: 'l1', investorId: 'f1', investorKind: 'vc', enabled: false, deleted: true })];
    expect(recipientLinkDecider.decide(links, ann)).toEqual({ kind: 'off', linkId: 'l1', deleted: true });
  });

  it('given a link turned back on, when an update is sent, then a new link is made', () => {
    expect(recipientLinkDecider.decide([link({ id: 'l1', email: 'ann@fund.example' })], ann)).toEqual({ kind: 'mint' });
  });

  it('given an old link off and a newer one on, when an update is sent, then the newer one decides', () => {
    const links = [
      link({ id: 'old', email: 'ann@fund.example', enabled: false }),
      link({ id: 'new', email: 'ann@fund.example', createdAt: '2026-03-02T10:00:00.000Z' }),
    ];
    expect(recipientLinkDecider.decide(links, ann)).toEqual({ kind: 'mint' });
    expect(
      recipientLinkDecider.decide(
        links.reverse().map((l) => ({ ...l, enabled: l.id === 'old' })),
        ann,
      ),
    ).toEqual({
      kind: 'off',
      linkId: 'new',
      deleted: false,
    });
  });

  it('given another investor with the same kind, when the ids differ, then their link does not count', () => {
    const links = [link({ id: 'l1', investorId: 'f2', investorKind: 'vc', enabled: false })];
    expect(recipientLinkDecider.decide(links, ann)).toEqual({ kind: 'mint' });
  });
});
