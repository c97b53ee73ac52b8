import { eventTime } from '@fp/infra';
import { CREDIT_EVENT_TYPES, MOVEMENT_KIND_OF, type CreditEvent } from '@fp/contracts';
import type { Projection } from '@fp/projections';
import { sql } from 'kysely';

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
  tables: ['credit_accounts', 'credit_movements', 'credit_subscriptions', 'credit_payments'],
  async apply(tx, events) {
    const movements = events.map((e) => {
      const ev = { type: e.type, data: e.data } as CreditEvent;
      return {
        event_id: e.eventId,
        user_id: ev.data.userId,
        stream_position: e.streamPosition,
        kind: MOVEMENT_KIND_OF[ev.type],
        amount: ev.data.amount,
        balance_after: ev.data.balanceAfter,
        reason: ev.data.reason,
        actor: ev.data.actor,
        reference: ev.data.reference,
        occurred_at: eventTime(e),
      };
    });
    for (let i = 0; i < movements.length; i += CHUNK) {
      await tx
        .insertInto('credit_movements')
        .values(movements.slice(i, i + CHUNK))
        .onConflict((oc) => oc.column('event_id').doNothing())
        .execute();
    }

    // Only each user's latest movement of the batch decides their account row.
    const latest = new Map<string, (typeof movements)[number]>();
    for (const m of movements) {
      const prev = latest.get(m.user_id);
      if (!prev || prev.stream_position < m.stream_position) latest.set(m.user_id, m);
    }
    const accounts = [...latest.values()].map((m) => ({
      user_id: m.user_id,
      balance: m.balance_after,
      events: m.stream_position + 1,
      updated_at: m.occurred_at,
    }));
    for (let i = 0; i < accounts.length; i += CHUNK) {
      await tx
        .insertInto('credit_accounts')
        .values(accounts.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet({
              balance: sql`excluded.balance`,
              events: sql`excluded.events`,
              updated_at: sql`excluded.updated_at`,
            })
            .where('credit_accounts.events', '<', sql<number>`excluded.events`),
        )
        .execute();
    }

    const subscriptions = events.flatMap((e) =>
      e.type === 'CreditsPurchased' && e.data.subscriptionId
        ? [
            {
              subscription_id: e.data.subscriptionId as string,
              user_id: e.data.userId as string,
              product_id: e.data.productId as string,
            },
          ]
        : [],
    );
    if (subscriptions.length)
      await tx
        .insertInto('credit_subscriptions')
        .values(subscriptions)
        .onConflict((oc) => oc.column('subscription_id').doNothing())
        .execute();

    // Purchases (with receipts) and what refunds or disputes took back; what is owed per account.
    const owed = new Map<string, number>();
    for (const e of events) {
      const ev = { type: e.type, data: e.data } as CreditEvent;
      if (ev.type === 'CreditsPurchased') {
        await tx
          .insertInto('credit_payments')
          .values({
            payment_id: ev.data.paymentId,
            user_id: ev.data.userId,
            product_id: ev.data.productId,
            reason: ev.data.reason,
            credits: ev.data.amount,
            amount_paid: ev.data.amountPaid ?? null,
            currency: ev.data.currency ?? null,
            payment_intent_id: ev.data.paymentIntentId ?? null,
            invoice_id: ev.data.invoiceId ?? null,
            subscription_id: ev.data.subscriptionId ?? null,
            purchased_at: eventTime(e),
          })
          .onConflict((oc) => oc.column('payment_id').doNothing())
          .execute();
      } else if (ev.type === 'CreditsReversed') {
        await tx
          .updateTable('credit_payments')
          .set({ reversed_credits: sql`reversed_credits + ${ev.data.credits}`, last_reversal: ev.data.reversal })
          .where('payment_id', '=', ev.data.paymentId)
          .execute();
      }
      if (ev.type === 'CreditsReversed' || ev.type === 'CreditsOwedSettled')
        owed.set(ev.data.userId, ev.data.owedAfter);
    }
    for (const [userId, value] of owed)
      await tx.updateTable('credit_accounts').set({ owed: value }).where('user_id', '=', userId).execute();
  },
};
