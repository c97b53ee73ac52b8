import {
  DECK_ALERTS_EVENT_TYPES,
  type DeckAlertMode,
  type DeckAlertsEvent,
  type DeckVisitStarted,
} from '@fp/contracts';
import { eventTime } from '@fp/infra';
import type { Projection } from '@fp/projections';
import { askMail, mailEffects, type MailService } from '../mail/index';

export const DECK_ALERT_ACTOR = 'deck-links:alerts';

/**
 * Deck alerts, as each founder chose (deck_alert_settings, from the deck-alerts-<userId> stream):
 * - first_visit (the default): a link's first visit becomes an in-app notice and one e-mail;
 * - every_visit: every visit does;
 * - daily_digest: every visit becomes a notice, and the e-mail is the daily digest (send-deck-digests.ts).
 * Alert e-mails can be switched off (the notices stay). Message ids are the link's (first visit) or the
 * visit's, so a replay or a rebuild never mails twice. Notices older than the visit retention are not
 * kept (the daily job removes them too).
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
    effects: mailEffects(mail),
    async apply(tx, events, effects) {
      const cutoff = now().getTime() - opts.retentionDays * 86_400_000;
      // Links that already have a notice, and the founders' settings, read once per batch (a catch-up
      // of thousands of visits costs two reads, not statements per visit); settings changed in the
      // batch update the map as they come, in log order.
      const starts = events.filter((e) => e.type === 'DeckVisitStarted').map((e) => e.data as DeckVisitStarted['data']);
      const linkIds = [...new Set(starts.map((d) => d.linkId))];
      const userIds = [...new Set(starts.map((d) => d.userId))];
      const noticed = new Set(
        linkIds.length
          ? (await tx.selectFrom('deck_notifications').select('link_id').where('link_id', 'in', linkIds).execute()).map(
              (r) => r.link_id as string,
            )
          : [],
      );
      const settings = new Map<string, { email: boolean; mode: DeckAlertMode }>(
        userIds.length
          ? (
              await tx
                .selectFrom('deck_alert_settings')
                .select(['user_id', 'first_visit_email', 'mode'])
                .where('user_id', 'in', userIds)
                .execute()
            ).map((r) => [
              r.user_id as string,
              { email: r.first_visit_email as boolean, mode: r.mode as DeckAlertMode },
            ])
          : [],
      );
      const settingOf = (userId: string) => settings.get(userId) ?? { email: true, mode: 'first_visit' as const };
      for (const e of events) {
        const ev = { type: e.type, data: e.data } as DeckAlertsEvent | DeckVisitStarted;
        switch (ev.type) {
          case 'DeckAlertsChanged':
            settings.set(ev.data.userId, { ...settingOf(ev.data.userId), email: ev.data.firstVisitEmail });
            await tx
              .insertInto('deck_alert_settings')
              .values({ user_id: ev.data.userId, first_visit_email: ev.data.firstVisitEmail })
              .onConflict((oc) => oc.column('user_id').doUpdateSet({ first_visit_email: ev.data.firstVisitEmail }))
              .execute();
            break;
          case 'DeckAlertModeChanged':
            settings.set(ev.data.userId, { ...settingOf(ev.data.userId), mode: ev.data.mode });
            await tx
              .insertInto('deck_alert_settings')
              .values({ user_id: ev.data.userId, mode: ev.data.mode })
              .onConflict((oc) => oc.column('user_id').doUpdateSet({ mode: ev.data.mode }))
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
            // A data room's document is not the deck: the notice and e-mail say "opened your deck".
            if (Date.parse(d.at) < cutoff || d.documentId) break;
            const setting = settingOf(d.userId);
            const first = !noticed.has(d.linkId);
            if (!first && setting.mode === 'first_visit') break;
            noticed.add(d.linkId);
            const link = await tx
              .selectFrom('deck_links')
              .select('email')
              .where('id', '=', d.linkId)
              .executeTakeFirst();
            const email = d.email ?? link?.email ?? null;
            const verified = d.verified === true;
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
                first,
                verified,
              })
              .onConflict((oc) => oc.column('visit_id').doNothing())
              .returning('link_id')
              .executeTakeFirst();
            if (!added || !setting.email || setting.mode === 'daily_digest') break;
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
            askMail(
              effects,
              'deck-first-visit',
              {
                to: founder.email,
                userId: d.userId,
                messageId: first ? `deck-first-visit-${d.linkId}` : `deck-visit-${d.visitId}`,
                data: {
                  investorName: card?.name ?? null,
                  email,
                  at: d.at,
                  url: `${opts.appUrl}/deck`,
                  settingsUrl: `${opts.appUrl}/settings`,
                  ...(first ? {} : { again: true }),
                  ...(verified ? { verified: true } : {}),
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
