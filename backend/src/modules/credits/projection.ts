import { CREDIT_EVENT_TYPES, type CreditEvent, type MovementKind } from '@fp/contracts';
import type { Projection } from '@fp/projections';
import { sql } from 'kysely';

const KIND: Record<CreditEvent['type'], MovementKind> = { CreditsGranted: 'granted', CreditsPurchased: 'purchased', CreditsSpent: 'spent', CreditsRefunded: 'refunded' };

// Rows per statement: 10 columns each stays well under Postgres' 65,535 bind parameters.
const CHUNK = 1000;

/**
 * credit_accounts (balance and number of events per user), credit_movements (the ledger as founders
 * and auditors read it) and credit_subscriptions (which user a provider subscription pays for).
 * A batch is written with a few multi-row statements, not two per event, so replaying a million
 * movements stays quick.
 */
export const creditsProjection: Projection = {
  name: 'credits',
  eventTypes: [...CREDIT_EVENT_TYPES],
  tables: ['credit_accounts', 'credit_movements', 'credit_subscriptions'],
  async apply(tx, events) {
    const movements = events.map((e) => {
      const ev = { type: e.type, data: e.data } as CreditEvent;
      return {
        event_id: e.eventId,
        user_id: ev.data.userId,
        stream_position: e.streamPosition,
        kind: KIND[ev.type],
        amount: ev.data.amount,
        balance_after: ev.data.balanceAfter,
        reason: ev.data.reason,
        actor: ev.data.actor,
        reference: ev.data.reference,
        occurred_at: e.metadata.now ?? e.createdAt,
      };
    });
    for (let i = 0; i < movements.length; i += CHUNK) {
      await tx.insertInto('credit_movements').values(movements.slice(i, i + CHUNK)).onConflict((oc) => oc.column('event_id').doNothing()).execute();
    }

    // Only each user's latest movement of the batch decides their account row.
    const latest = new Map<string, (typeof movements)[number]>();
    for (const m of movements) {
      const prev = latest.get(m.user_id);
      if (!prev || prev.stream_position < m.stream_position) latest.set(m.user_id, m);
    }
    const accounts = [...latest.values()].map((m) => ({ user_id: m.user_id, balance: m.balance_after, events: m.stream_position + 1, updated_at: m.occurred_at }));
    for (let i = 0; i < accounts.length; i += CHUNK) {
      await tx.insertInto('credit_accounts')
        .values(accounts.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ balance: sql`excluded.balance`, events: sql`excluded.events`, updated_at: sql`excluded.updated_at` }).where('credit_accounts.events', '<', sql<number>`excluded.events`),
        )
        .execute();
    }

    const subscriptions = events.flatMap((e) =>
      e.type === 'CreditsPurchased' && e.data.subscriptionId ? [{ subscription_id: e.data.subscriptionId as string, user_id: e.data.userId as string, product_id: e.data.productId as string }] : [],
    );
    if (subscriptions.length) await tx.insertInto('credit_subscriptions').values(subscriptions).onConflict((oc) => oc.column('subscription_id').doNothing()).execute();
  },
};
