import { INVESTOR_UPDATE_EVENT_TYPES, type InvestorUpdateEvent } from '@fp/contracts';
import { eventTime } from '@fp/infra';
import { eachEvent, type Projection } from '@fp/projections';

/** investor_updates (one row per update) and investor_update_recipients (who a sent update went to). */
export const investorUpdatesProjection: Projection = {
  name: 'investor_updates',
  eventTypes: [...INVESTOR_UPDATE_EVENT_TYPES],
  tables: ['investor_updates', 'investor_update_recipients'],
  apply: eachEvent<InvestorUpdateEvent>(async (tx, ev, e) => {
    const at = eventTime(e);
    switch (ev.type) {
      case 'InvestorUpdateDrafted': {
        const d = ev.data;
        await tx
          .insertInto('investor_updates')
          .values({
            id: d.updateId,
            user_id: d.userId,
            status: 'draft',
            subject: d.content.subject,
            content: JSON.stringify(d.content),
            recipients: JSON.stringify(d.recipients),
            created_at: at,
            updated_at: at,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        break;
      }
      case 'InvestorUpdateEdited': {
        const d = ev.data;
        const set: Record<string, unknown> = { updated_at: at };
        if (d.content) Object.assign(set, { content: JSON.stringify(d.content), subject: d.content.subject });
        if (d.recipients) set.recipients = JSON.stringify(d.recipients);
        await tx.updateTable('investor_updates').set(set).where('id', '=', d.updateId).execute();
        break;
      }
      case 'InvestorUpdateSent': {
        const d = ev.data;
        await tx
          .updateTable('investor_updates')
          .set({
            status: 'sent',
            sent_at: at,
            updated_at: at,
            subject: d.content.subject,
            content: JSON.stringify(d.content),
            skipped: JSON.stringify(d.skipped),
          })
          .where('id', '=', d.updateId)
          .execute();
        if (d.recipients.length) {
          await tx
            .insertInto('investor_update_recipients')
            .values(
              d.recipients.map((r) => ({
                update_id: d.updateId,
                user_id: d.userId,
                email: r.email,
                name: r.name,
                investor_id: r.investorId,
                investor_kind: r.investorKind,
                message_id: r.messageId,
                deck_link_id: r.deckLinkId,
                deck_link_off: r.deckLinkOff ?? false,
              })),
            )
            .onConflict((oc) => oc.columns(['update_id', 'email']).doNothing())
            .execute();
        }
        break;
      }
    }
  }),
};
