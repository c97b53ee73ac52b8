import type { DeckAlertsEvent } from '@fp/contracts';
import type { CommandMeta, Decider } from '../../platform/decider';

export interface DeckAlertsState {
  /** E-mail on a link's first visit: on until the founder switches it off. */
  firstVisitEmail: boolean;
  /** The in-app notices were seen up to here (ISO), or null. */
  seenUntil: string | null;
}

export type DeckAlertsCommand =
  | { type: 'SetDeckAlerts'; data: { userId: string; firstVisitEmail: boolean } }
  | { type: 'MarkDeckNotificationsSeen'; data: { userId: string } };

/**
 * The founder's deck alerts. Rules: the e-mail setting records only a change (switching on what is
 * on adds nothing); "seen" moves forward only (an older time adds nothing), at the command's time.
 */
export const deckAlertsDecider: Decider<DeckAlertsState, DeckAlertsCommand, DeckAlertsEvent> = {
  initialState: () => ({ firstVisitEmail: true, seenUntil: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'DeckAlertsChanged':
        return { ...state, firstVisitEmail: event.data.firstVisitEmail };
      case 'DeckNotificationsSeen':
        return { ...state, seenUntil: event.data.until };
    }
  },
  decide(command, state, meta: CommandMeta) {
    switch (command.type) {
      case 'SetDeckAlerts':
        return command.data.firstVisitEmail === state.firstVisitEmail
          ? []
          : [{ type: 'DeckAlertsChanged', data: command.data }];
      case 'MarkDeckNotificationsSeen': {
        const until = meta.now.toISOString();
        return state.seenUntil && Date.parse(state.seenUntil) >= meta.now.getTime()
          ? []
          : [{ type: 'DeckNotificationsSeen', data: { userId: command.data.userId, until } }];
      }
    }
  },
};
