import type { FirstRunEvent } from '@fp/contracts';
import type { Decider } from '../../platform/decider';

export interface FirstRunState {
  liveViewOpened: boolean;
  dismissed: boolean;
}

export type FirstRunCommand =
  | { type: 'RecordLiveViewOpened'; data: { userId: string; submissionId: string } }
  | { type: 'DismissChecklist'; data: { userId: string } };

/** A founder's first-run record: each fact is written once (a second time changes nothing). */
export const firstRunDecider: Decider<FirstRunState, FirstRunCommand, FirstRunEvent> = {
  initialState: () => ({ liveViewOpened: false, dismissed: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'FirstRunLiveViewOpened':
        return { ...state, liveViewOpened: true };
      case 'FirstRunChecklistDismissed':
        return { ...state, dismissed: true };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RecordLiveViewOpened':
        return state.liveViewOpened ? [] : [{ type: 'FirstRunLiveViewOpened', data: command.data }];
      case 'DismissChecklist':
        return state.dismissed ? [] : [{ type: 'FirstRunChecklistDismissed', data: command.data }];
    }
  },
};
