import { DECK_ALERTS_EVENT_TYPES, type DeckAlertsEvent, type DeckVisitStarted } from '@fp/contracts';
import { eventTime } from '@fp/infra';
import type { Projection } from '@fp/projections';
import type { MailService } from '../mail/index';

export const DECK_ALERT_ACTOR = 'deck-links:alerts';

/**
 * Deck alerts: the first visit of each link becomes an in-app notice (deck_notifications) and, unless
 * the founder switched it off (deck_alert_settings, from the deck-alerts-<userId> stream), one e-mail.
 * The message id is the link's, so a replay or a rebuild never mails twice; a later visit of the same
 * link adds nothing. Notices older than the visit retention are not kept (the daily job removes them too).
 */
export function firstVisitNotifier(
  mail: MailService,
  opts: { appUrl: string; retentionDays: number; now?: () => Date },
): Projection {
  const now = opts.now ?? (() => new Date());
  return {
    name: 'deck_notifications',
    eventTypes: ['DeckVisitStarted', ...DECK_ALERTS_EVENT_TYPES],
    tables: ['deck_notifications', 'deck_alert_settings'],
    async apply(tx, events) {
      const cutoff = now().getTime() - opts.retentionDays * 86_400_000;
      // Only a link's first visit adds a notice: links that already have one are skipped without a query
      // (a catch-up of thousands of visits costs one read, not two statements per visit).
      const linkIds = [
        ...new Set(
          events.filter((e) => e.type === 'DeckVisitStarted').map((e) => (e.data as { linkId: string }).linkId),
        ),
      ];
      const noticed = new Set(
        linkIds.length
          ? (await tx.selectFrom('deck_notifications').select('link_id').where('link_id', 'in', linkIds).execute()).map(
              (r) => r.link_id,
            )
          : [],
      );
      for (const e of events) {
        const ev = { type: e.type, data: e.data } as DeckAlertsEvent | DeckVisitStarted;
        switch (ev.type) {
          case 'DeckAlertsChanged':
            await tx
              .insertInto('deck_alert_settings')
              .values({ user_id: ev.data.userId, first_visit_email: ev.data.firstVisitEmail })
              .onConflict((oc) => oc.column('user_id').doUpdateSet({ first_visit_email: ev.data.firstVisitEmail }))
              .execute();
            break;
          case 'DeckNotificationsSeen':
            await tx
              .insertInto('deck_alert_settings')
              .values({ user_id: ev.data.userId, seen_until: ev.data.until })
              .onConflict((oc) => oc.column('user_id').doUpdateSet({ seen_until: ev.data.until }))
              .execute();
            break;
          case 'DeckVisitStarted': {
            const d = ev.data;
            if (Date.parse(d.at) < cutoff || noticed.has(d.linkId)) break;
            noticed.add(d.linkId);
            const link = await tx
              .selectFrom('deck_links')
              .select('email')
              .where('id', '=', d.linkId)
              .executeTakeFirst();
            const email = d.email ?? link?.email ?? null;
            const added = await tx
              .insertInto('deck_notifications')
              .values({
                link_id: d.linkId,
                user_id: d.userId,
                visit_id: d.visitId,
                investor_id: d.investorId,
                investor_kind: d.investorKind,
                email,
                at: d.at,
              })
              .onConflict((oc) => oc.column('link_id').doNothing())
              .returning('link_id')
              .executeTakeFirst();
            if (!added) break;
            const setting = await tx
              .selectFrom('deck_alert_settings')
              .select('first_visit_email')
              .where('user_id', '=', d.userId)
              .executeTakeFirst();
            if (setting && !setting.first_visit_email) break;
            const [founder, card] = await Promise.all([
              tx.selectFrom('users').select('email').where('id', '=', d.userId).executeTakeFirst(),
              d.investorId
                ? tx
                    .selectFrom('pipeline_cards')
                    .select('name')
                    .where('user_id', '=', d.userId)
                    .where('investor_id', '=', d.investorId)
                    .executeTakeFirst()
                : Promise.resolve(undefined),
            ]);
            if (!founder) break;
            await mail.send(
              'deck-first-visit',
              {
                to: founder.email,
                userId: d.userId,
                messageId: `deck-first-visit-${d.linkId}`,
                data: {
                  investorName: card?.name ?? null,
                  email,
                  at: d.at,
                  url: `${opts.appUrl}/deck`,
                  settingsUrl: `${opts.appUrl}/settings`,
                },
              },
              { now: new Date(eventTime(e)), actor: DECK_ALERT_ACTOR, correlationId: e.eventId },
            );
            break;
          }
        }
      }
    },
  };
}
