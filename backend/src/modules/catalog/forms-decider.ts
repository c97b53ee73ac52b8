import { FORM_OUTCOMES, firmFormEntrySchema, type FirmFormEntry } from '@fp/contracts';
import type { FirmFormEvent, FormCollection, FormDiscoveryEvent } from '@fp/contracts';
import { DomainError, type Decider } from '../../platform/decider';

// The registry of application forms: a discovery run (which firms it visits, fixed when it starts)
// and each firm's checks (the latest one counts; one per run).

/** A run over every firm of the real catalog is bounded by the catalog's size. */
export const MAX_DISCOVERY_FIRMS = 200_000;

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
      case 'StartDiscovery': {
        // The same request again (a retried call) starts nothing new.
        if (state.runId) return [];
        const { firmIds } = command.data;
        if (new Set(firmIds).size !== firmIds.length) throw new DomainError('A discovery run lists each firm once');
        if (firmIds.length > MAX_DISCOVERY_FIRMS)
          throw new DomainError(`A discovery run visits at most ${MAX_DISCOVERY_FIRMS.toLocaleString('en-US')} firms`);
        return [{ type: 'FormDiscoveryStarted', data: command.data }];
      }
      case 'FinishDiscovery': {
        if (!state.runId) throw new DomainError(`Unknown discovery run ${command.data.runId}`, 404, 'not_found');
        if (state.finished) return [];
        return [{ type: 'FormDiscoveryFinished', data: command.data }];
      }
    }
  },
};

export interface FirmFormState {
  /** Runs that have checked this firm: a run records a firm once, even when its batch is re-run after a crash. */
  runs: ReadonlySet<string>;
  latest: FirmFormEntry | null;
}

export type FirmFormCommand = {
  type: 'RecordFormCheck';
  data: { runId: string; collection: FormCollection; entry: FirmFormEntry };
};

export const firmFormDecider: Decider<FirmFormState, FirmFormCommand, FirmFormEvent> = {
  initialState: () => ({ runs: new Set(), latest: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'FirmFormChecked': {
        const { runId: _r, collection: _c, ...entry } = event.data;
        return { runs: new Set([...state.runs, event.data.runId]), latest: entry };
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RecordFormCheck': {
        const { runId, collection, entry } = command.data;
        if (state.runs.has(runId)) return [];
        const parsed = firmFormEntrySchema.safeParse(entry);
        if (!parsed.success)
          throw new DomainError(`Not a registry entry: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
        if (!(FORM_OUTCOMES as readonly string[]).includes(entry.outcome))
          throw new DomainError(`Unknown outcome ${entry.outcome}`);
        // What "found" means: the form's address and kind are known.
        if (entry.outcome === 'found' && (!entry.url || !entry.kind))
          throw new DomainError('A found form has a URL and a kind');
        if (entry.outcome !== 'found' && entry.outcome !== 'blocked' && (entry.fields.length || entry.kind))
          throw new DomainError(`A check ending "${entry.outcome}" saw no form`);
        return [{ type: 'FirmFormChecked', data: { runId, collection, ...parsed.data } }];
      }
    }
  },
};
