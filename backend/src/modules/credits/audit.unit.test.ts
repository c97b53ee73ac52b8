import { describe, expect, it } from 'vitest';
import { LedgerReplay } from './audit';

const ev = (streamPosition: number, type: string, amount: number, balanceAfter: number, userId = 'u1') => ({
  streamId: `credits-${userId}`,
  streamPosition,
  type,
  data: { userId, amount, balanceAfter },
});

const sound = [
  ev(0, 'CreditsGranted', 1, 1),
  ev(1, 'CreditsPurchased', 50, 51),
  ev(2, 'CreditsSpent', -1, 50),
  ev(3, 'CreditsRefunded', 1, 51),
  ev(4, 'CreditsSpent', -51, 0),
];

describe('auditor replay of one ledger', () => {
  it('sums the signed amounts in stream order', () => {
    const r = new LedgerReplay('u1');
    for (const e of sound) r.add(e);
    expect(r.finish()).toMatchObject({ balance: 0, events: 5, problem: null });
  });
  it('puts an event that arrives early back in order', () => {
    const r = new LedgerReplay('u1');
    for (const e of [sound[0]!, sound[2]!, sound[1]!, sound[4]!, sound[3]!]) r.add(e);
    expect(r.finish()).toMatchObject({ balance: 0, events: 5, problem: null });
  });
  it('flags a gap', () => {
    const r = new LedgerReplay('u1');
    for (const e of [sound[0]!, sound[2]!]) r.add(e);
    expect(r.finish().problem).toBe('gap: position 1 is missing');
  });
  it('flags a recorded balance that is not the running sum', () => {
    const r = new LedgerReplay('u1');
    r.add(ev(0, 'CreditsGranted', 5, 6));
    expect(r.finish().problem).toBe('position 0: recorded balance 6, replayed 5');
  });
  it('flags a balance below zero, a wrong sign, an unknown type and another user', () => {
    const below = new LedgerReplay('u1');
    below.add(ev(0, 'CreditsSpent', -1, -1));
    expect(below.problem).toBe('position 0: balance below zero (-1)');
    const sign = new LedgerReplay('u1');
    sign.add(ev(0, 'CreditsSpent', 3, 3));
    expect(sign.problem).toBe('position 0: spent with amount 3');
    const type = new LedgerReplay('u1');
    type.add(ev(0, 'CreditsStolen', 3, 3));
    expect(type.problem).toBe('position 0: unknown event type CreditsStolen');
    const other = new LedgerReplay('u1');
    other.add(ev(0, 'CreditsGranted', 3, 3, 'u2'));
    expect(other.problem).toBe('position 0: belongs to user u2');
  });
  it('flags an event seen twice', () => {
    const r = new LedgerReplay('u1');
    r.add(sound[0]!);
    r.add(sound[0]!);
    expect(r.problem).toBe('event at position 0 seen twice');
  });
});
