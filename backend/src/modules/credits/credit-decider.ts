// Long file: one decider for the credit ledger (grants, purchases, reversals, spends, refunds, debts);
// each command is a named function below, sharing one replay of the balance.
import type { CreditEvent, ReversalKind, SpendKind } from '@fp/contracts';
import { CREDITS_OWED, creditsOwedMessage, INSUFFICIENT_CREDITS } from '@fp/contracts';
import { DomainError, type CommandMeta, type Decider, type CommandOf } from '../../platform/decider';

export interface CreditState {
  balance: number;
  startingGranted: boolean;
  /** Payment ids and provider event ids already credited: a redelivered webhook is a no-op. */
  payments: ReadonlySet<string>;
  /**
   * References charged and not refunded, with what they were charged. A reference is charged at most
   * once while open and refunded at most once; after its refund it may be charged again (a retry).
   */
  openSpends: ReadonlyMap<string, number>;
  /** Per payment: the credits it bought and how many a refund or dispute has taken back. */
  purchases: ReadonlyMap<string, { credits: number; reversed: number }>;
  /** Credits a reversal could not take back (they were spent): spends wait until this is 0. */
  owed: number;
}

export interface SpendItem {
  reference: string;
  amount: number;
  reason: string;
}

export type CreditCommand =
  | { type: 'GrantStartingCredits'; data: { userId: string; amount: number } }
  | { type: 'GrantCredits'; data: { userId: string; amount: number; reason: string; reference: string | null } }
  | {
      type: 'PurchaseCredits';
      data: {
        userId: string;
        amount: number;
        paymentId: string;
        productId: string;
        reason: string;
        providerEventId?: string;
        quantity?: number;
        subscriptionId?: string | null;
        paymentIntentId?: string | null;
        amountPaid?: number | null;
        currency?: string | null;
        invoiceId?: string | null;
      };
    }
  | {
      /**
       * Take back a payment's credits: `reversedTotal` is how many of them the provider's refunds or
       * dispute now cover in all (cumulative, like Stripe's `amount_refunded`), so replays and
       * partial refunds never take back more than once.
       */
      type: 'ReversePurchase';
      data: {
        userId: string;
        paymentId: string;
        reversedTotal: number;
        reversal: ReversalKind;
        providerEventId: string;
        reason: string;
      };
    }
  | {
      type: 'SpendCredits';
      data: { userId: string; spendKind: SpendKind; items: SpendItem[]; insufficientMessage: string };
    }
  | { type: 'RefundCredits'; data: { userId: string; reference: string; reason: string } };

const INSUFFICIENT = INSUFFICIENT_CREDITS;

/** 402 `{ error: 'Insufficient Credits', message, balance }`. */
export class InsufficientCreditsError extends DomainError {
  constructor(message: string, balance: number) {
    super(INSUFFICIENT, 402, 'insufficient_credits', { message, balance });
  }
}

const positiveWhole = (n: number) => Number.isSafeInteger(n) && n > 0;

/** 402 while a reversed payment leaves credits owed. */
class CreditsOwedError extends DomainError {
  constructor(owed: number, balance: number) {
    super(CREDITS_OWED, 402, 'credits_owed', { message: creditsOwedMessage(owed), balance, owed });
  }
}

interface Draft {
  balance: number;
  startingGranted: boolean;
  payments: Set<string>;
  openSpends: Map<string, number>;
  purchases: Map<string, { credits: number; reversed: number }>;
  owed: number;
}

const initialState = (): CreditState => ({
  balance: 0,
  startingGranted: false,
  payments: new Set(),
  openSpends: new Map(),
  purchases: new Map(),
  owed: 0,
});

const draftOf = (s: CreditState): Draft => ({
  balance: s.balance,
  startingGranted: s.startingGranted,
  payments: new Set(s.payments),
  openSpends: new Map(s.openSpends),
  purchases: new Map(s.purchases),
  owed: s.owed,
});

/** Folds one event into a private draft. The balance is recomputed from amounts, never copied from balanceAfter. */
function applyTo(d: Draft, event: CreditEvent): void {
  d.balance += event.data.amount;
  switch (event.type) {
    case 'CreditsGranted':
      if (event.data.grantKind === 'starting') d.startingGranted = true;
      return;
    case 'CreditsPurchased':
      d.payments.add(event.data.paymentId);
      if (event.data.providerEventId) d.payments.add(event.data.providerEventId);
      d.purchases.set(event.data.paymentId, { credits: event.data.amount, reversed: 0 });
      return;
    case 'CreditsReversed': {
      d.payments.add(event.data.providerEventId);
      const p = d.purchases.get(event.data.paymentId);
      if (p) d.purchases.set(event.data.paymentId, { ...p, reversed: p.reversed + event.data.credits });
      d.owed = event.data.owedAfter;
      return;
    }
    case 'CreditsOwedSettled':
      d.owed = event.data.owedAfter;
      return;
    case 'CreditsSpent':
      if (event.data.reference !== null) d.openSpends.set(event.data.reference, -event.data.amount);
      return;
    case 'CreditsRefunded':
      if (event.data.reference !== null) d.openSpends.delete(event.data.reference);
      return;
  }
}

/**
 * State after `events`, starting from `from`. Equal to folding `evolve` (a unit test checks it) but
 * copies the collections once instead of once per event, so loading a long ledger stays linear.
 */
export function replay(events: readonly CreditEvent[], from: CreditState = initialState()): CreditState {
  const d = draftOf(from);
  for (const e of events) applyTo(d, e);
  return d;
}

/**
 * Decides several commands in order against one state: each sees the events of the ones before it.
 * A command that breaks a rule gets its error and changes nothing; the others go on.
 */
export function decideAll(
  commands: readonly { command: CreditCommand; meta: CommandMeta }[],
  state: CreditState,
): { state: CreditState; outcomes: Array<{ events: CreditEvent[]; balance: number } | { error: unknown }> } {
  const d = draftOf(state);
  const outcomes = commands.map(({ command, meta }) => {
    try {
      const events = creditDecider.decide(command, d, meta);
      for (const e of events) applyTo(d, e);
      return { events, balance: d.balance };
    } catch (error) {
      return { error };
    }
  });
  return { state: d, outcomes };
}

export const creditDecider: Decider<CreditState, CreditCommand, CreditEvent> = {
  initialState,
  evolve(state, event) {
    const d = draftOf(state);
    applyTo(d, event);
    return d;
  },
  decide(command, state, meta) {
    switch (command.type) {
      case 'GrantStartingCredits':
        return grantStartingCredits(command, state, meta);
      case 'GrantCredits':
        return grantCredits(command, state, meta);
      case 'PurchaseCredits':
        return purchaseCredits(command, state, meta);
      case 'ReversePurchase':
        return reversePurchase(command, state, meta);
      case 'SpendCredits':
        return spendCredits(command, state, meta);
      case 'RefundCredits':
        return refundCredits(command, state, meta);
    }
  },
};

function grantStartingCredits(
  command: CommandOf<CreditCommand, 'GrantStartingCredits'>,
  state: CreditState,
  meta: CommandMeta,
): CreditEvent[] {
  const actor = meta.actor;
  const { userId, amount } = command.data;
  if (state.startingGranted || amount <= 0) return [];
  if (!positiveWhole(amount)) throw new DomainError('Amount must be a positive whole number');
  return [
    {
      type: 'CreditsGranted',
      data: {
        userId,
        amount,
        balanceAfter: state.balance + amount,
        reason: 'Free starting credit',
        actor,
        reference: null,
        grantKind: 'starting',
      },
    },
  ];
}

function grantCredits(
  command: CommandOf<CreditCommand, 'GrantCredits'>,
  state: CreditState,
  meta: CommandMeta,
): CreditEvent[] {
  const actor = meta.actor;
  const { userId, amount, reference } = command.data;
  const reason = command.data.reason.trim();
  if (!positiveWhole(amount)) throw new DomainError('Amount must be a positive whole number');
  if (!reason) throw new DomainError('A reason is required');
  return settleOwed(
    state,
    [
      {
        type: 'CreditsGranted',
        data: {
          userId,
          amount,
          balanceAfter: state.balance + amount,
          reason,
          actor,
          reference,
          grantKind: 'operator',
        },
      },
    ],
    actor,
  );
}

function purchaseCredits(
  command: CommandOf<CreditCommand, 'PurchaseCredits'>,
  state: CreditState,
  meta: CommandMeta,
): CreditEvent[] {
  const actor = meta.actor;
  const {
    userId,
    amount,
    paymentId,
    productId,
    reason,
    providerEventId,
    quantity,
    subscriptionId,
    paymentIntentId,
    amountPaid,
    currency,
    invoiceId,
  } = command.data;
  // The payment id (and the provider's event id) make a redelivered webhook a no-op.
  if (state.payments.has(paymentId) || (providerEventId !== undefined && state.payments.has(providerEventId)))
    return [];
  if (!positiveWhole(amount)) throw new DomainError('Amount must be a positive whole number');
  return settleOwed(
    state,
    [
      {
        type: 'CreditsPurchased',
        data: {
          userId,
          amount,
          balanceAfter: state.balance + amount,
          reason,
          actor,
          reference: paymentId,
          paymentId,
          productId,
          providerEventId,
          quantity,
          subscriptionId: subscriptionId ?? null,
          // What refunds and receipts need, when the provider told us.
          ...(paymentIntentId ? { paymentIntentId } : {}),
          ...(invoiceId ? { invoiceId } : {}),
          ...(amountPaid != null ? { amountPaid } : {}),
          ...(currency ? { currency } : {}),
        },
      },
    ],
    actor,
  );
}

function reversePurchase(
  command: CommandOf<CreditCommand, 'ReversePurchase'>,
  state: CreditState,
  meta: CommandMeta,
): CreditEvent[] {
  const actor = meta.actor;
  const { userId, paymentId, reversedTotal, reversal, providerEventId, reason } = command.data;
  // The provider's event id makes a redelivered refund or dispute a no-op.
  if (state.payments.has(providerEventId)) return [];
  const bought = state.purchases.get(paymentId);
  if (!bought) throw new DomainError('No purchase matches the payment', 422, 'unknown_payment');
  if (!Number.isSafeInteger(reversedTotal) || reversedTotal < 0)
    throw new DomainError('Credits to take back must be a whole number');
  // Never more than the payment bought, counting what earlier refunds took.
  const due = Math.min(reversedTotal, bought.credits) - bought.reversed;
  if (due <= 0) return [];
  const taken = Math.min(state.balance, due);
  return [
    {
      type: 'CreditsReversed',
      data: {
        userId,
        amount: -taken,
        balanceAfter: state.balance - taken,
        reason,
        actor,
        reference: paymentId,
        paymentId,
        reversal,
        credits: due,
        owedAfter: state.owed + due - taken,
        providerEventId,
      },
    },
  ];
}

function spendCredits(
  command: CommandOf<CreditCommand, 'SpendCredits'>,
  state: CreditState,
  meta: CommandMeta,
): CreditEvent[] {
  const actor = meta.actor;
  const { userId, spendKind, items, insufficientMessage } = command.data;
  if (items.length === 0) throw new DomainError('Nothing to charge');
  if (state.owed > 0) throw new CreditsOwedError(state.owed, state.balance);
  const seen = new Set<string>();
  for (const it of items) {
    if (!it.reference) throw new DomainError('Every charge needs a reference');
    if (seen.has(it.reference)) throw new DomainError(`Reference ${it.reference} appears twice`);
    seen.add(it.reference);
    if (!positiveWhole(it.amount)) throw new DomainError('Amount must be a positive whole number');
  }
  // A reference already charged (and not refunded) is not charged again: a repeated call is a no-op.
  const due = items.filter((it) => !state.openSpends.has(it.reference));
  const total = due.reduce((sum, it) => sum + it.amount, 0);
  // All or nothing: the balance never goes below zero.
  if (total > state.balance) throw new InsufficientCreditsError(insufficientMessage, state.balance);
  let balance = state.balance;
  return due.map((it) => {
    balance -= it.amount;
    return {
      type: 'CreditsSpent',
      data: {
        userId,
        amount: -it.amount,
        balanceAfter: balance,
        reason: it.reason,
        actor,
        reference: it.reference,
        spendKind,
      },
    };
  });
}

function refundCredits(
  command: CommandOf<CreditCommand, 'RefundCredits'>,
  state: CreditState,
  meta: CommandMeta,
): CreditEvent[] {
  const actor = meta.actor;
  const { userId, reference, reason } = command.data;
  const charged = state.openSpends.get(reference);
  // Unknown or already refunded: nothing to give back.
  if (charged === undefined) return [];
  return [
    {
      type: 'CreditsRefunded',
      data: { userId, amount: charged, balanceAfter: state.balance + charged, reason, actor, reference },
    },
  ];
}

/** Credits just added first cover what a reversal left owed (one settling movement after them). */
function settleOwed(state: CreditState, added: CreditEvent[], actor: string): CreditEvent[] {
  if (state.owed <= 0) return added;
  const last = added.at(-1)!;
  const balance = last.data.balanceAfter;
  const paid = Math.min(state.owed, balance);
  if (paid <= 0) return added;
  const owedAfter = state.owed - paid;
  return [
    ...added,
    {
      type: 'CreditsOwedSettled',
      data: {
        userId: last.data.userId,
        amount: -paid,
        balanceAfter: balance - paid,
        reason: `Covers ${paid} credit${paid === 1 ? '' : 's'} owed from a reversed payment`,
        actor,
        reference: last.data.reference,
        owedAfter,
      },
    },
  ];
}
