import type { FormCollection, FormDiscoveryEvent } from '@fp/contracts';
import { DomainError, type CommandOf, type Decider } from '../../platform/decider';

// The registry of application forms: a discovery run (which firms it visits, fixed when it starts).
// Each firm's checks are `firm-form-decider.ts`.

/** A run over every firm of the real catalog is bounded by the catalog's size. */
const MAX_DISCOVERY_FIRMS = 200_000;

export interface FormDiscoveryState {
  runId: string | null;
  collection: FormCollection | null;
  firmIds: readonly string[];
  finished: boolean;
}

export type FormDiscoveryCommand =
  | {
      type: 'StartDiscovery';
      data: {
        runId: string;
        collection: FormCollection;
        firmIds: string[];
        staleDays: number | null;
        requestedBy: string;
      };
    }
  | { type: 'FinishDiscovery'; data: { runId: string; checked: number } };

export const formDiscoveryDecider: Decider<FormDiscoveryState, FormDiscoveryCommand, FormDiscoveryEvent> = {
  initialState: () => ({ runId: null, collection: null, firmIds: [], finished: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'FormDiscoveryStarted':
        return { ...state, runId: event.data.runId, collection: event.data.collection, firmIds: event.data.firmIds };
      case 'FormDiscoveryFinished':
        return { ...state, finished: true };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'StartDiscovery':
        return startDiscovery(command, state);
      case 'FinishDiscovery':
        return finishDiscovery(command, state);
    }
  },
};

type Command<T extends FormDiscoveryCommand['type']> = CommandOf<FormDiscoveryCommand, T>;

function startDiscovery(command: Command<'StartDiscovery'>, state: FormDiscoveryState): FormDiscoveryEvent[] {
  // The same request again (a retried call) starts nothing new.
  if (state.runId) return [];
  const { firmIds } = command.data;
  if (new Set(firmIds).size !== firmIds.length) throw new DomainError('A discovery run lists each firm once');
  if (firmIds.length > MAX_DISCOVERY_FIRMS)
    throw new DomainError(`A discovery run visits at most ${MAX_DISCOVERY_FIRMS.toLocaleString('en-US')} firms`);
  return [{ type: 'FormDiscoveryStarted', data: command.data }];
}

function finishDiscovery(command: Command<'FinishDiscovery'>, state: FormDiscoveryState): FormDiscoveryEvent[] {
  if (!state.runId) throw new DomainError(`Unknown discovery run ${command.data.runId}`, 404, 'not_found');
  if (state.finished) return [];
  return [{ type: 'FormDiscoveryFinished', data: command.data }];
}
