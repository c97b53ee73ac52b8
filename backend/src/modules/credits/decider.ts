import type { CreditEvent } from '@fp/contracts';
import { DomainError, type Decider } from '../../platform/decider';

export interface CreditState {
  balance: number;
  startingGranted: boolean;
  payments: ReadonlySet<string>;
  /** References charged and not refunded (a spend is refunded at most once). */
  openSpends: ReadonlyMap<string, number>;
  /** Every reference ever charged: the same reference is never charged twice. */
  spentRefs: ReadonlySet<string>;
}

export type CreditCommand =
  | { type: 'GrantStartingCredits'; data: { userId: string; amount: number } }
  | { type: 'GrantCredits'; data: { userId: string; amount: number; reason: string; reference: string | null } }
  | { type: 'PurchaseCredits'; data: { userId: string; amount: number; paymentId: string; productId: string } }
  | { type: 'SpendCredits'; data: { userId: string; amount: number; spendKind: 'vc_application' | 'angel_export'; reference: string; reason: string; insufficientMessage: string } }
  | { type: 'RefundCredits'; data: { userId: string; reference: string; reason: string } };

export const INSUFFICIENT = 'Insufficient Credits';

export class InsufficientCreditsError extends DomainError {
  constructor(message: string, balance: number) {
    super(INSUFFICIENT, 402, 'insufficient_credits', { message, balance });
  }
}

export const creditDecider: Decider<CreditState, CreditCommand, CreditEvent> = {
  initialState: () => ({ balance: 0, startingGranted: false, payments: new Set(), openSpends: new Map(), spentRefs: new Set() }),
  evolve(state, event) {
    const balance = event.data.balanceAfter;
    switch (event.type) {
      case 'CreditsGranted':
        return { ...state, balance, startingGranted: state.startingGranted || event.data.grantKind === 'starting' };
      case 'CreditsPurchased':
        return { ...state, balance, payments: new Set([...state.payments, event.data.paymentId]) };
      case 'CreditsSpent': {
        const ref = event.data.reference ?? '';
        return { ...state, balance, openSpends: new Map([...state.openSpends, [ref, -event.data.amount]]), spentRefs: new Set([...state.spentRefs, ref]) };
      }
      case 'CreditsRefunded': {
        const open = new Map(state.openSpends);
        open.delete(event.data.reference ?? '');
        return { ...state, balance, openSpends: open };
      }
    }
  },
  decide(command, state, meta) {
    const actor = meta.actor;
    switch (command.type) {
      case 'GrantStartingCredits': {
        if (state.startingGranted || command.data.amount <= 0) return [];
        const { userId, amount } = command.data;
        return [{ type: 'CreditsGranted', data: { userId, amount, balanceAfter: state.balance + amount, reason: 'Free starting credit', actor, reference: null, grantKind: 'starting' } }];
      }
      case 'GrantCredits': {
        const { userId, amount, reason, reference } = command.data;
        if (!Number.isInteger(amount) || amount <= 0) throw new DomainError('Amount must be a positive whole number');
        return [{ type: 'CreditsGranted', data: { userId, amount, balanceAfter: state.balance + amount, reason, actor, reference, grantKind: 'operator' } }];
      }
      case 'PurchaseCredits': {
        const { userId, amount, paymentId, productId } = command.data;
        // The payment id makes a redelivered webhook a no-op.
        if (state.payments.has(paymentId)) return [];
        if (!Number.isInteger(amount) || amount <= 0) throw new DomainError('Amount must be a positive whole number');
        return [{ type: 'CreditsPurchased', data: { userId, amount, balanceAfter: state.balance + amount, reason: `Purchase of ${productId}`, actor, reference: paymentId, paymentId, productId } }];
      }
      case 'SpendCredits': {
        const { userId, amount, spendKind, reference, reason, insufficientMessage } = command.data;
        if (state.spentRefs.has(reference)) return [];
        if (!Number.isInteger(amount) || amount <= 0) throw new DomainError('Amount must be a positive whole number');
        if (state.balance < amount) throw new InsufficientCreditsError(insufficientMessage, state.balance);
        return [{ type: 'CreditsSpent', data: { userId, amount: -amount, balanceAfter: state.balance - amount, reason, actor, reference, spendKind } }];
      }
      case 'RefundCredits': {
        const { userId, reference, reason } = command.data;
        const spent = state.openSpends.get(reference);
        if (spent === undefined) return [];
        return [{ type: 'CreditsRefunded', data: { userId, amount: spent, balanceAfter: state.balance + spent, reason, actor, reference } }];
      }
    }
  },
};
