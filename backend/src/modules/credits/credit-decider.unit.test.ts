import type { CreditEvent } from '@fp/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError, type CommandMeta } from '../../platform/decider';
import { given as givenHistory } from '../../testing/decider';
import { creditDecider, decideAll, InsufficientCreditsError, replay, type CreditCommand } from './credit-decider';

const U = 'user-1';
const meta: CommandMeta = { now: new Date('2025-01-01T00:00:00Z'), actor: 'actor-1' };

const given = (...events: CreditEvent[]) => ({
  when: (command: CreditCommand, m: CommandMeta = meta) => givenHistory(creditDecider, ...events).when(command, m),
});

// Events as they appear in a ledger.
const starting = (balanceAfter = 1): CreditEvent => ({
  type: 'CreditsGranted',
  data: {
    userId: U,
    amount: 1,
    balanceAfter,
    reason: 'Free starting credit',
    actor: U,
    reference: null,
    grantKind: 'starting',
  },
});
const granted = (amount: number, balanceAfter: number): CreditEvent => ({
  type: 'CreditsGranted',
  data: {
    userId: U,
    amount,
    balanceAfter,
    reason: 'goodwill',
    actor: 'operator:ann',
    reference: 'operator:ann',
    grantKind: 'operator',
  },
});
const purchased = (
  amount: number,
  balanceAfter: number,
  paymentId = 'cs_1',
  providerEventId = 'evt_1',
): CreditEvent => ({
  type: 'CreditsPurchased',
  data: {
    userId: U,
    amount,
    balanceAfter,
    reason: 'Credit Pack: 50 credits',
    actor: 'payment:stripe',
    reference: paymentId,
    paymentId,
    productId: 'pack',
    providerEventId,
    quantity: 1,
    subscriptionId: null,
  },
});
const spent = (
  reference: string,
  amount: number,
  balanceAfter: number,
  reason = `VC application ${reference}`,
): CreditEvent => ({
  type: 'CreditsSpent',
  data: { userId: U, amount: -amount, balanceAfter, reason, actor: 'actor-1', reference, spendKind: 'vc_application' },
});
const refunded = (
  reference: string,
  amount: number,
  balanceAfter: number,
  reason = 'Application failed',
): CreditEvent => ({
  type: 'CreditsRefunded',
  data: { userId: U, amount, balanceAfter, reason, actor: 'actor-1', reference },
});

const spend = (
  reference: string,
  amount = 1,
  insufficientMessage = 'You need at least 1 credit to export data.',
): CreditCommand => ({
  type: 'SpendCredits',
  data: {
    userId: U,
    spendKind: 'vc_application',
    insufficientMessage,
    items: [{ reference, amount, reason: `VC application ${reference}` }],
  },
});
const refund = (reference: string): CreditCommand => ({
  type: 'RefundCredits',
  data: { userId: U, reference, reason: 'Application failed' },
});
const purchase = (amount: number, paymentId = 'cs_1', providerEventId = 'evt_1'): CreditCommand => ({
  type: 'PurchaseCredits',
  data: {
    userId: U,
    amount,
    paymentId,
    productId: 'pack',
    reason: 'Credit Pack: 50 credits',
    providerEventId,
    quantity: 1,
  },
});

const isDomainError = (status: number, message: RegExp | string) => (e: unknown) => {
  expect(e).toBeInstanceOf(DomainError);
  expect((e as DomainError).status).toBe(status);
  expect((e as DomainError).message).toMatch(message);
};

describe('free starting credit', () => {
  it('is granted to a new ledger, with the user as actor', () => {
    given()
      .when({ type: 'GrantStartingCredits', data: { userId: U, amount: 1 } }, { ...meta, actor: U })
      .then([starting(1)]);
  });
  it('is granted once only', () => {
    given(starting())
      .when({ type: 'GrantStartingCredits', data: { userId: U, amount: 1 } })
      .then([]);
  });
  it('is not granted when the server sets it to 0', () => {
    given()
      .when({ type: 'GrantStartingCredits', data: { userId: U, amount: 0 } })
      .then([]);
  });
});

describe('operator grant', () => {
  it('adds credits with the operator as actor and reference', () => {
    given(starting())
      .when(
        { type: 'GrantCredits', data: { userId: U, amount: 5, reason: 'goodwill', reference: 'operator:ann' } },
        { ...meta, actor: 'operator:ann' },
      )
      .then([granted(5, 6)]);
  });
  it('refuses an amount that is not a positive whole number', () => {
    for (const amount of [0, -3, 1.5, Number.NaN]) {
      given()
        .when({ type: 'GrantCredits', data: { userId: U, amount, reason: 'x', reference: null } })
        .thenThrowsWith(isDomainError(400, 'Amount must be a positive whole number'));
    }
  });
  it('needs a reason', () => {
    given()
      .when({ type: 'GrantCredits', data: { userId: U, amount: 1, reason: '  ', reference: null } })
      .thenThrowsWith(isDomainError(400, 'A reason is required'));
  });
});

describe('purchase', () => {
  it('adds the purchased credits, referenced by the payment', () => {
    given(starting())
      .when(purchase(50), { ...meta, actor: 'payment:stripe' })
      .then([purchased(50, 51)]);
  });
  it('credits a payment once: the same payment again is a no-op', () => {
    given(starting(), purchased(50, 51))
      .when(purchase(50, 'cs_1', 'evt_2'))
      .then([]);
  });
  it('credits a provider event once: the same event again is a no-op', () => {
    given(starting(), purchased(50, 51))
      .when(purchase(50, 'cs_other', 'evt_1'))
      .then([]);
  });
  it('credits a different payment', () => {
    given(purchased(50, 50))
      .when(purchase(100, 'cs_2', 'evt_2'), { ...meta, actor: 'payment:stripe' })
      .then([{ ...purchased(100, 150, 'cs_2', 'evt_2') }]);
  });
  it('refuses an amount that is not a positive whole number', () => {
    given().when(purchase(0)).thenThrowsWith(isDomainError(400, 'Amount must be a positive whole number'));
  });
});

describe('spend', () => {
  it('charges the amount against the reference', () => {
    given(starting(), granted(2, 3))
      .when(spend('sub-1'))
      .then([spent('sub-1', 1, 2)]);
  });
  it('may use the whole balance', () => {
    given(starting())
      .when(spend('sub-1'))
      .then([spent('sub-1', 1, 0)]);
  });
  it('never takes the balance below zero: 402 Insufficient Credits with the caller message and the balance', () => {
    given(starting())
      .when(spend('sub-1', 2, 'You need 2 credits to submit to 2 VC firms, but you only have 1 credits available.'))
      .thenThrowsWith((e) => {
        expect(e).toBeInstanceOf(InsufficientCreditsError);
        const err = e as InsufficientCreditsError;
        expect(err.status).toBe(402);
        expect(err.message).toBe('Insufficient Credits');
        expect(err.details).toEqual({
          message: 'You need 2 credits to submit to 2 VC firms, but you only have 1 credits available.',
          balance: 1,
        });
      });
  });
  it('refuses any spend on an empty ledger', () => {
    given()
      .when(spend('exp-1'))
      .thenThrowsWith((e) => expect(e).toBeInstanceOf(InsufficientCreditsError));
  });
  it('does not charge a reference twice while it is charged', () => {
    given(granted(5, 5), spent('sub-1', 1, 4))
      .when(spend('sub-1'))
      .then([]);
  });
  it('charges a reference again after its refund (a retry charges again)', () => {
    given(granted(5, 5), spent('sub-1', 1, 4), refunded('sub-1', 1, 5))
      .when(spend('sub-1'))
      .then([spent('sub-1', 1, 4)]);
  });
  it('charges several references all or nothing, one event each', () => {
    const cmd: CreditCommand = {
      type: 'SpendCredits',
      data: {
        userId: U,
        spendKind: 'vc_application',
        insufficientMessage: 'short',
        items: ['a', 'b', 'c'].map((r) => ({ reference: r, amount: 1, reason: `VC application ${r}` })),
      },
    };
    given(granted(3, 3))
      .when(cmd)
      .then([spent('a', 1, 2), spent('b', 1, 1), spent('c', 1, 0)]);
    given(granted(2, 2))
      .when(cmd)
      .thenThrowsWith((e) => expect((e as InsufficientCreditsError).details).toEqual({ message: 'short', balance: 2 }));
    // Already charged references are skipped, and only the others count against the balance.
    given(granted(3, 3), spent('a', 1, 2))
      .when(cmd)
      .then([spent('b', 1, 1), spent('c', 1, 0)]);
  });
  it('refuses a bad amount, an empty list, a missing or repeated reference', () => {
    given(granted(5, 5))
      .when(spend('x', 0))
      .thenThrowsWith(isDomainError(400, 'Amount must be a positive whole number'));
    given(granted(5, 5))
      .when(spend('x', 1.5))
      .thenThrowsWith(isDomainError(400, 'Amount must be a positive whole number'));
    given(granted(5, 5)).when(spend('')).thenThrowsWith(isDomainError(400, 'Every charge needs a reference'));
    given(granted(5, 5))
      .when({
        type: 'SpendCredits',
        data: { userId: U, spendKind: 'angel_export', insufficientMessage: 'm', items: [] },
      })
      .thenThrowsWith(isDomainError(400, 'Nothing to charge'));
    const twice: CreditCommand = {
      type: 'SpendCredits',
      data: {
        userId: U,
        spendKind: 'vc_application',
        insufficientMessage: 'm',
        items: [
          { reference: 'a', amount: 1, reason: 'r' },
          { reference: 'a', amount: 1, reason: 'r' },
        ],
      },
    };
    given(granted(5, 5)).when(twice).thenThrowsWith(isDomainError(400, 'appears twice'));
  });
  it('records an angel export as one credit whatever the number of investors', () => {
    const cmd: CreditCommand = {
      type: 'SpendCredits',
      data: {
        userId: U,
        spendKind: 'angel_export',
        insufficientMessage: 'You need at least 1 credit to export data.',
        items: [{ reference: 'export-1', amount: 1, reason: 'Angel investor export (250 investors)' }],
      },
    };
    given(starting())
      .when(cmd)
      .then([
        {
          type: 'CreditsSpent',
          data: {
            userId: U,
            amount: -1,
            balanceAfter: 0,
            reason: 'Angel investor export (250 investors)',
            actor: 'actor-1',
            reference: 'export-1',
            spendKind: 'angel_export',
          },
        },
      ]);
  });
});

describe('refund', () => {
  it('gives back what the reference was charged', () => {
    given(granted(5, 5), spent('sub-1', 2, 3))
      .when(refund('sub-1'))
      .then([refunded('sub-1', 2, 5)]);
  });
  it('refunds once only', () => {
    given(granted(5, 5), spent('sub-1', 1, 4), refunded('sub-1', 1, 5))
      .when(refund('sub-1'))
      .then([]);
  });
  it('is a no-op for a reference never charged', () => {
    given(granted(5, 5)).when(refund('nope')).then([]);
  });
});

describe('state', () => {
  it('recomputes the balance from the amounts, not from the recorded balance', () => {
    const wrong = { ...granted(5, 5), data: { ...granted(5, 5).data, balanceAfter: 999 } } as CreditEvent;
    expect(creditDecider.evolve(creditDecider.initialState(), wrong).balance).toBe(5);
  });

  it('replay() equals folding evolve() one event at a time, for any sequence of commands', () => {
    const command = fc.oneof(
      fc.record({ k: fc.constant('grant'), n: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ k: fc.constant('buy'), n: fc.integer({ min: 1, max: 5 }), id: fc.integer({ min: 0, max: 4 }) }),
      fc.record({ k: fc.constant('spend'), n: fc.integer({ min: 1, max: 3 }), id: fc.integer({ min: 0, max: 6 }) }),
      fc.record({ k: fc.constant('refund'), id: fc.integer({ min: 0, max: 6 }) }),
    );
    fc.assert(
      fc.property(fc.array(command, { maxLength: 60 }), (cmds) => {
        let state = creditDecider.initialState();
        const log: CreditEvent[] = [];
        for (const c of cmds) {
          const cmd: CreditCommand =
            c.k === 'grant'
              ? { type: 'GrantCredits', data: { userId: U, amount: c.n, reason: 'r', reference: null } }
              : c.k === 'buy'
                ? purchase(c.n, `cs_${c.id}`, `evt_${c.id}`)
                : c.k === 'spend'
                  ? spend(`ref-${c.id}`, c.n)
                  : refund(`ref-${c.id}`);
          let events: CreditEvent[] = [];
          try {
            events = creditDecider.decide(cmd, state, meta);
          } catch (e) {
            expect(e).toBeInstanceOf(InsufficientCreditsError);
          }
          for (const e of events) {
            state = creditDecider.evolve(state, e);
            // Every recorded balance is the running sum and never negative.
            expect(e.data.balanceAfter).toBe(state.balance);
            expect(state.balance).toBeGreaterThanOrEqual(0);
          }
          log.push(...events);
        }
        expect(replay(log)).toEqual(state);
      }),
    );
  });
});

describe('deciding many commands in order (one batch of concurrent requests)', () => {
  it('50 spends of 1 against a balance of 10: the first 10 succeed, the other 40 are Insufficient Credits', () => {
    const state = replay([granted(10, 10)]);
    const commands = Array.from({ length: 50 }, (_, i) => ({ command: spend(`ref-${i}`), meta }));
    const { state: after, outcomes } = decideAll(commands, state);
    const ok = outcomes.filter((o) => !('error' in o));
    expect(ok).toHaveLength(10);
    expect(outcomes.slice(0, 10).every((o) => !('error' in o))).toBe(true);
    for (const o of outcomes.slice(10)) expect('error' in o && o.error).toBeInstanceOf(InsufficientCreditsError);
    expect(ok.map((o) => ('events' in o ? o.balance : -1))).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(after.balance).toBe(0);
    // The input state is left as it was.
    expect(state.balance).toBe(10);
  });
});

describe('ReversePurchase (refunds, chargebacks, disputes)', () => {
  const reverse = (
    reversedTotal: number,
    providerEventId = 'evt_r1',
    reversal: 'refund' | 'dispute' | 'chargeback' = 'refund',
  ): CreditCommand => ({
    type: 'ReversePurchase',
    data: { userId: U, paymentId: 'cs_1', reversedTotal, reversal, providerEventId, reason: 'Refund of payment cs_1' },
  });
  const reversed = (
    amount: number,
    balanceAfter: number,
    credits: number,
    owedAfter: number,
    providerEventId = 'evt_r1',
  ): CreditEvent => ({
    type: 'CreditsReversed',
    data: {
      userId: U,
      amount: -amount,
      balanceAfter,
      reason: 'Refund of payment cs_1',
      actor: 'actor-1',
      reference: 'cs_1',
      paymentId: 'cs_1',
      reversal: 'refund',
      credits,
      owedAfter,
      providerEventId,
    },
  });

  it('given a purchase not yet spent, when refunded in full, then all its credits go back', () => {
    given(purchased(50, 50))
      .when(reverse(50))
      .then([reversed(50, 0, 50, 0)]);
  });

  it('given credits already spent, when refunded, then the balance goes to zero and the rest is owed', () => {
    given(purchased(50, 50), spent('a', 40, 10))
      .when(reverse(50))
      .then([reversed(10, 0, 50, 40)]);
  });

  it('given a partial refund, when the provider reports a larger cumulative one, then only the difference goes back', () => {
    given(purchased(50, 50), reversed(25, 25, 25, 0))
      .when(reverse(50, 'evt_r2'))
      .then([reversed(25, 0, 25, 0, 'evt_r2')]);
  });

  it('never takes back more than the payment bought, and a redelivered event is a no-op', () => {
    given(purchased(50, 50))
      .when(reverse(500))
      .then([reversed(50, 0, 50, 0)]);
    given(purchased(50, 50), reversed(50, 0, 50, 0))
      .when(reverse(50))
      .then([]);
    given(purchased(50, 50), reversed(50, 0, 50, 0))
      .when(reverse(50, 'evt_r9'))
      .then([]);
  });

  it('refuses a payment the ledger never credited', () => {
    given(starting()).when(reverse(5)).thenThrows(DomainError, 'No purchase matches the payment');
  });

  it('given credits owed, when spending, then it is refused; when credits come in, then they cover what is owed first', () => {
    const owing = [purchased(50, 50), spent('a', 40, 10), reversed(10, 0, 50, 40)];
    given(...owing)
      .when(spend('b'))
      .thenThrows(DomainError, 'Credits Owed', (e) => expect(e.details).toMatchObject({ owed: 40, balance: 0 }));
    given(...owing)
      .when({ type: 'GrantCredits', data: { userId: U, amount: 100, reason: 'goodwill', reference: null } }, meta)
      .then([
        {
          type: 'CreditsGranted',
          data: {
            userId: U,
            amount: 100,
            balanceAfter: 100,
            reason: 'goodwill',
            actor: 'actor-1',
            reference: null,
            grantKind: 'operator',
          },
        },
        {
          type: 'CreditsOwedSettled',
          data: {
            userId: U,
            amount: -40,
            balanceAfter: 60,
            reason: 'Covers 40 credits owed from a reversed payment',
            actor: 'actor-1',
            reference: null,
            owedAfter: 0,
          },
        },
      ]);
  });
});
