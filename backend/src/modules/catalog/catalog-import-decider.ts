import type { CatalogImportEvent, CatalogScope } from '@fp/contracts';
import { DomainError, type CommandOf, type Decider } from '../../platform/decider';

// The records themselves are appended to per-import data streams without a decision (there is
// nothing to decide about a batch of a running import); this decides which import the catalog shows.

export interface ScopeState {
  /** The import the catalog shows now (the latest started). */
  current: string | null;
  /** The latest import that completed. The scope is loaded when it equals `current`. */
  completed: string | null;
  /** Records of the completed import. */
  count: number;
  started: ReadonlySet<string>;
}
export type CatalogImportsState = Record<CatalogScope, ScopeState>;

export type CatalogImportCommand =
  | { type: 'StartImport'; data: { importId: string; scope: CatalogScope; expected: number; source: string } }
  | { type: 'CompleteImport'; data: { importId: string; scope: CatalogScope; count: number } };

const emptyScope = (): ScopeState => ({ current: null, completed: null, count: 0, started: new Set() });

export const isLoaded = (s: ScopeState) => s.current !== null && s.completed === s.current;

export const catalogImportDecider: Decider<CatalogImportsState, CatalogImportCommand, CatalogImportEvent> = {
  initialState: () => ({ vc: emptyScope(), angels: emptyScope() }),
  evolve(state, event) {
    const scope = event.data.scope;
    const s = state[scope];
    switch (event.type) {
      case 'CatalogImportStarted':
        return {
          ...state,
          [scope]: { ...s, current: event.data.importId, started: new Set([...s.started, event.data.importId]) },
        };
      case 'CatalogImportCompleted':
        return { ...state, [scope]: { ...s, completed: event.data.importId, count: event.data.count } };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'StartImport':
        return startImport(command, state);
      case 'CompleteImport':
        return completeImport(command, state);
    }
  },
};

type Command<T extends CatalogImportCommand['type']> = CommandOf<CatalogImportCommand, T>;

function startImport(command: Command<'StartImport'>, state: CatalogImportsState): CatalogImportEvent[] {
  const { importId, scope, expected, source } = command.data;
  // Starting the same import twice (a retried request) is a no-op.
  if (state[scope].started.has(importId)) return [];
  if (!Number.isInteger(expected) || expected < 0) throw new DomainError('expected must be a whole number of records');
  return [{ type: 'CatalogImportStarted', data: { importId, scope, expected, source } }];
}

function completeImport(command: Command<'CompleteImport'>, state: CatalogImportsState): CatalogImportEvent[] {
  const { importId, scope, count } = command.data;
  const s = state[scope];
  if (s.completed === importId) return [];
  if (!s.started.has(importId)) throw new DomainError(`Unknown ${scope} import ${importId}`, 404, 'not_found');
  // A newer import started meanwhile: this one no longer shows, so it cannot complete.
  if (s.current !== importId)
    throw new DomainError(`The ${scope} import ${importId} was superseded by ${s.current}`, 409, 'superseded');
  return [{ type: 'CatalogImportCompleted', data: { importId, scope, count } }];
}
