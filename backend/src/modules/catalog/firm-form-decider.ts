import { FORM_OUTCOMES, firmFormEntrySchema, type FirmFormEntry } from '@fp/contracts';
import type { FirmFormEvent, FormCollection } from '@fp/contracts';
import { DomainError, type Decider } from '../../platform/decider';

// Each firm's checks in the registry of application forms: the latest one counts; one per run.

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
      case 'RecordFormCheck':
        return recordFormCheck(command, state);
    }
  },
};

function recordFormCheck(command: FirmFormCommand, state: FirmFormState): FirmFormEvent[] {
  const { runId, collection, entry } = command.data;
  if (state.runs.has(runId)) return [];
  const parsed = firmFormEntrySchema.safeParse(entry);
  if (!parsed.success) throw new DomainError(`Not a registry entry: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  if (!(FORM_OUTCOMES as readonly string[]).includes(entry.outcome))
    throw new DomainError(`Unknown outcome ${entry.outcome}`);
  // What "found" means: the form's address and kind are known.
  if (entry.outcome === 'found' && (!entry.url || !entry.kind))
    throw new DomainError('A found form has a URL and a kind');
  if (entry.outcome !== 'found' && entry.outcome !== 'blocked' && (entry.fields.length || entry.kind))
    throw new DomainError(`A check ending "${entry.outcome}" saw no form`);
  return [{ type: 'FirmFormChecked', data: { runId, collection, ...parsed.data } }];
}
