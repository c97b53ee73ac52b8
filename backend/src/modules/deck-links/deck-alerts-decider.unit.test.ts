import { describe, it } from 'vitest';
import type { CommandMeta } from '../../platform/decider';
import { given } from '../../testing/decider';
import { deckAlertsDecider } from './deck-alerts-decider';

const at = (iso: string): CommandMeta => ({ now: new Date(iso), actor: 'u1' });

describe('deck alerts decider', () => {
  it('first-visit e-mails are on until switched off; only a change is recorded', () => {
    given(deckAlertsDecider)
      .when({ type: 'SetDeckAlerts', data: { userId: 'u1', firstVisitEmail: true } })
      .then([]);
    given(deckAlertsDecider)
      .when({ type: 'SetDeckAlerts', data: { userId: 'u1', firstVisitEmail: false } })
      .then([{ type: 'DeckAlertsChanged', data: { userId: 'u1', firstVisitEmail: false } }]);
    const off = { type: 'DeckAlertsChanged' as const, data: { userId: 'u1', firstVisitEmail: false } };
    given(deckAlertsDecider, off)
      .when({ type: 'SetDeckAlerts', data: { userId: 'u1', firstVisitEmail: false } })
      .then([]);
    given(deckAlertsDecider, off)
      .when({ type: 'SetDeckAlerts', data: { userId: 'u1', firstVisitEmail: true } })
      .then([{ type: 'DeckAlertsChanged', data: { userId: 'u1', firstVisitEmail: true } }]);
  });

  it("which visits alert: a link's first by default; a change of mode is recorded once", () => {
    const mode = (m: 'first_visit' | 'every_visit' | 'daily_digest') => ({
      type: 'DeckAlertModeChanged' as const,
      data: { userId: 'u1', mode: m },
    });
    given(deckAlertsDecider)
      .when({ type: 'SetDeckAlerts', data: { userId: 'u1', mode: 'first_visit' } })
      .then([]);
    given(deckAlertsDecider)
      .when({ type: 'SetDeckAlerts', data: { userId: 'u1', mode: 'every_visit' } })
      .then([mode('every_visit')]);
    given(deckAlertsDecider, mode('every_visit'))
      .when({ type: 'SetDeckAlerts', data: { userId: 'u1', mode: 'daily_digest', firstVisitEmail: false } })
      .then([{ type: 'DeckAlertsChanged', data: { userId: 'u1', firstVisitEmail: false } }, mode('daily_digest')]);
    given(deckAlertsDecider, mode('daily_digest'))
      .when({ type: 'SetDeckAlerts', data: { userId: 'u1', mode: 'daily_digest' } })
      .then([]);
  });

  it('marks the notices seen up to now, never backwards', () => {
    const seen = (until: string) => ({ type: 'DeckNotificationsSeen' as const, data: { userId: 'u1', until } });
    given(deckAlertsDecider)
      .when({ type: 'MarkDeckNotificationsSeen', data: { userId: 'u1' } }, at('2026-11-26T10:00:00.000Z'))
      .then([seen('2026-11-26T10:00:00.000Z')]);
    given(deckAlertsDecider, seen('2026-11-26T10:00:00.000Z'))
      .when({ type: 'MarkDeckNotificationsSeen', data: { userId: 'u1' } }, at('2026-11-26T09:00:00.000Z'))
      .then([]);
    given(deckAlertsDecider, seen('2026-11-26T10:00:00.000Z'))
      .when({ type: 'MarkDeckNotificationsSeen', data: { userId: 'u1' } }, at('2026-11-26T11:00:00.000Z'))
      .then([seen('2026-11-26T11:00:00.000Z')]);
  });
});
