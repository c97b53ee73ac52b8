import type { MailOptOutEvent } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/decider';
import { given } from '../../testing/decider';
import { optOutDecider } from './opt-out-decider';

describe('opt-out decider', () => {
  const who = { email: 'ada@example.com', category: 'notification' as const };
  const out: MailOptOutEvent = { type: 'MailUnsubscribed', data: who };
  const back: MailOptOutEvent = { type: 'MailResubscribed', data: who };

  it('given nothing, unsubscribing records the opt-out', () => {
    given(optOutDecider)
      .when({ type: 'Unsubscribe', ...who })
      .then([out]);
  });

  it("given an opt-out, unsubscribing again records nothing (a second click, a mail client's one-click POST)", () => {
    given(optOutDecider, out)
      .when({ type: 'Unsubscribe', ...who })
      .then([]);
  });

  it('given an opt-out, undo records the resubscription and the state has no opt-out left', () => {
    given(optOutDecider, out)
      .when({ type: 'Resubscribe', ...who })
      .then([back]);
    given(optOutDecider, out)
      .when({ type: 'Resubscribe', ...who })
      .thenState((state) => expect(state.has('notification')).toBe(false));
  });

  it('given no opt-out (never, or already undone), undo records nothing', () => {
    given(optOutDecider)
      .when({ type: 'Resubscribe', ...who })
      .then([]);
    given(optOutDecider, out, back)
      .when({ type: 'Resubscribe', ...who })
      .then([]);
  });

  it('given an undone opt-out, unsubscribing again records it again', () => {
    given(optOutDecider, out, back)
      .when({ type: 'Unsubscribe', ...who })
      .then([out]);
  });

  it('refuses to opt out of account e-mails (verification, password reset, receipts)', () => {
    given(optOutDecider)
      .when({ type: 'Unsubscribe', email: who.email, category: 'account' })
      .thenThrows(DomainError, 'Account e-mails cannot be unsubscribed from');
    given(optOutDecider)
      .when({ type: 'Resubscribe', email: who.email, category: 'account' })
      .thenThrows(DomainError, 'Account e-mails cannot be unsubscribed from');
  });

  it("keeps a list's opt-out (one founder's updates) apart from the whole category and from other lists", () => {
    const list = 'investor-updates:u1';
    const listOut = {
      type: 'MailUnsubscribed' as const,
      data: { email: who.email, category: 'notification' as const, list },
    };
    given(optOutDecider)
      .when({ type: 'Unsubscribe', email: who.email, category: 'notification', list })
      .then([listOut]);
    given(optOutDecider, listOut)
      .when({ type: 'Unsubscribe', email: who.email, category: 'notification', list })
      .then([]);
    given(optOutDecider, listOut)
      .when({ type: 'Unsubscribe', ...who })
      .then([out]);
    given(optOutDecider, listOut)
      .when({ type: 'Unsubscribe', email: who.email, category: 'notification', list: 'investor-updates:u2' })
      .thenState((state) => {
        expect([...state].sort()).toEqual(['notification:investor-updates:u1', 'notification:investor-updates:u2']);
      });
    given(optOutDecider, out).when({ type: 'Resubscribe', email: who.email, category: 'notification', list }).then([]);
  });
});
