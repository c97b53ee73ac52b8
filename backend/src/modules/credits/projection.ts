import { CREDIT_EVENT_TYPES, type CreditEvent } from '@fp/contracts';
import type { Projection } from '@fp/projections';

const KIND: Record<CreditEvent['type'], string> = { CreditsGranted: 'granted', CreditsPurchased: 'purchased', CreditsSpent: 'spent', CreditsRefunded: 'refunded' };

/** credit_accounts (balance) and credit_movements (the ledger as founders and auditors read it). */
export const creditsProjection: Projection = {
  name: 'credits',
  eventTypes: [...CREDIT_EVENT_TYPES],
  tables: ['credit_accounts', 'credit_movements'],
  async apply(tx, events) {
    for (const e of events) {
      const ev = { type: e.type, data: e.data } as CreditEvent;
      const at = e.metadata.now ?? e.createdAt;
      await tx.insertInto('credit_movements')
        .values({ event_id: e.eventId, user_id: ev.data.userId, stream_position: e.streamPosition, kind: KIND[ev.type], amount: ev.data.amount, balance_after: ev.data.balanceAfter, reason: ev.data.reason, actor: ev.data.actor, reference: ev.data.reference, occurred_at: at })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .execute();
      await tx.insertInto('credit_accounts')
        .values({ user_id: ev.data.userId, balance: ev.data.balanceAfter, events: e.streamPosition + 1, updated_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ balance: ev.data.balanceAfter, events: e.streamPosition + 1, updated_at: at }))
        .execute();
    }
  },
};
