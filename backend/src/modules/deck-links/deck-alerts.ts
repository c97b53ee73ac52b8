import { deckAlertsStream, type DeckAlertSettings } from '@fp/contracts';
import { handleCommand, type CommandMeta } from '../../platform/decider';
import { deckAlertsDecider } from './deck-alerts-decider';
import type { DeckLinksServiceContext } from './context';

/** PUT /api/deck-notifications/settings: alert e-mails on or off (the in-app notice stays), and which visits alert. */
export async function setDeckAlerts(
  ctx: Pick<DeckLinksServiceContext, 'store' | 'projections'>,
  userId: string,
  settings: Partial<DeckAlertSettings>,
  meta: CommandMeta,
): Promise<DeckAlertSettings> {
  const r = await handleCommand(
    ctx.store,
    deckAlertsStream(userId),
    deckAlertsDecider,
    { type: 'SetDeckAlerts', data: { userId, ...settings } },
    meta,
  );
  // The notifier reads the setting from its read model: once this answers, the next first visit obeys it.
  if (r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
  return { firstVisitEmail: r.state.firstVisitEmail, mode: r.state.mode };
}

/** POST /api/deck-notifications/seen: the notices up to now were seen. */
export async function markDeckNotificationsSeen(
  ctx: Pick<DeckLinksServiceContext, 'store' | 'projections'>,
  userId: string,
  meta: CommandMeta,
): Promise<void> {
  const r = await handleCommand(
    ctx.store,
    deckAlertsStream(userId),
    deckAlertsDecider,
    { type: 'MarkDeckNotificationsSeen', data: { userId } },
    meta,
  );
  if (r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
}
