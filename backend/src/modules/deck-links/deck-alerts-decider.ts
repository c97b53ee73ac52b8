import type { DeckAlertMode, DeckAlertsEvent } from '@fp/contracts';
import type { CommandMeta, Decider } from '../../platform/decider';

export interface DeckAlertsState {
  /** E-mail on a link's first visit: on until the founder switches it off. */
  firstVisitEmail: boolean;
  /** Which visits alert: a link's first (the default), every one, or every one with a daily e-mail. */
  mode: DeckAlertMode;
  /** The in-app notices were seen up to here (ISO), or null. */
  seenUntil: string | null;
}

export type DeckAlertsCommand =
  | { type: 'SetDeckAlerts'; data: { userId: string; firstVisitEmail?: boolean; mode?: DeckAlertMode } }
  | { type: 'MarkDeckNotificationsSeen'; data: { userId: string } };

/**
 * The founder's deck alerts. Rules: the e-mail setting and the mode record only a change (switching
 * on what is on adds nothing); "seen" moves forward only (an older time adds nothing), at the command's time.
 */
export const deckAlertsDecider: Decider<DeckAlertsState, DeckAlertsCommand, DeckAlertsEvent> = {
  initialState: () => ({ firstVisitEmail: true, mode: 'first_visit', seenUntil: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'DeckAlertsChanged':
        return { ...state, firstVisitEmail: event.data.firstVisitEmail };
      case 'DeckNotificationsSeen':
        return { ...state, seenUntil: event.data.until };
      case 'DeckAlertModeChanged':
        return { ...state, mode: event.data.mode };
    }
  },
  decide(command, state, meta: CommandMeta) {
    switch (command.type) {
      case 'SetDeckAlerts': {
        const { userId, firstVisitEmail, mode } = command.data;
        const out: DeckAlertsEvent[] = [];
        if (firstVisitEmail !== undefined && firstVisitEmail !== state.firstVisitEmail)
          out.push({ type: 'DeckAlertsChanged', data: { userId, firstVisitEmail } });
        if (mode !== undefined && mode !== state.mode)
          out.push({ type: 'DeckAlertModeChanged', data: { userId, mode } });
        return out;
      }
      case 'MarkDeckNotificationsSeen': {
        const until = meta.now.toISOString();
        return state.seenUntil && Date.parse(state.seenUntil) >= meta.now.getTime()
          ? []
          : [{ type: 'DeckNotificationsSeen', data: { userId: command.data.userId, until } }];
      }
    }
  },
};
