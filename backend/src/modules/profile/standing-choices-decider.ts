import {
  DEFAULT_STANDING_CHOICES,
  type OptInChoice,
  type StandingChoices,
  type StandingChoicesEvent,
} from '@fp/contracts';
import type { Decider } from '../../platform/decider';

export type StandingChoicesCommand = {
  type: 'SetStandingChoices';
  data: {
    userId: string;
    optIns?: OptInChoice;
    acceptTerms?: boolean;
    defaultMessage?: string | null;
    skipSpendConfirmBelow?: number;
  };
};

/**
 * The founder's standing choices: one stream per founder. Only what changes
 * is recorded (saving the same choices again records nothing); a blank default message is none.
 */
export const standingChoicesDecider: Decider<StandingChoices, StandingChoicesCommand, StandingChoicesEvent> = {
  initialState: () => ({ ...DEFAULT_STANDING_CHOICES }),
  evolve(state, event) {
    switch (event.type) {
      case 'CheckboxChoicesSet':
        return { ...state, optIns: event.data.optIns, acceptTerms: event.data.acceptTerms };
      case 'DefaultMessageSet':
        return { ...state, defaultMessage: event.data.message };
      case 'SpendConfirmationSet':
        return { ...state, skipSpendConfirmBelow: event.data.skipBelow };
    }
  },
  decide(command, state) {
    const { userId } = command.data;
    const events: StandingChoicesEvent[] = [];
    const optIns = command.data.optIns ?? state.optIns;
    const acceptTerms = command.data.acceptTerms ?? state.acceptTerms;
    if (optIns !== state.optIns || acceptTerms !== state.acceptTerms)
      events.push({ type: 'CheckboxChoicesSet', data: { userId, optIns, acceptTerms } });
    if (command.data.defaultMessage !== undefined) {
      const message = command.data.defaultMessage?.trim() || null;
      if (message !== state.defaultMessage) events.push({ type: 'DefaultMessageSet', data: { userId, message } });
    }
    const skipBelow = command.data.skipSpendConfirmBelow;
    if (skipBelow !== undefined && skipBelow !== state.skipSpendConfirmBelow)
      events.push({ type: 'SpendConfirmationSet', data: { userId, skipBelow } });
    return events;
  },
};
