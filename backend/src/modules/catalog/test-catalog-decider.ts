import type { TestFirmsImported, VcFirm } from '@fp/contracts';
import { DomainError, type Decider } from '../../platform/decider';

// The sandbox's test firms: imported again only when the sandbox or its list changed.

export interface TestCatalogState {
  sandboxUrl: string | null;
  /** JSON of the firms last imported: an unchanged list is not imported again. */
  firmsJson: string | null;
}

export type TestCatalogCommand = { type: 'ImportTestFirms'; data: { sandboxUrl: string; firms: VcFirm[] } };

export const testCatalogDecider: Decider<TestCatalogState, TestCatalogCommand, TestFirmsImported> = {
  initialState: () => ({ sandboxUrl: null, firmsJson: null }),
  evolve(_state, event) {
    switch (event.type) {
      case 'TestFirmsImported':
        return { sandboxUrl: event.data.sandboxUrl, firmsJson: JSON.stringify(event.data.firms) };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'ImportTestFirms': {
        const { sandboxUrl, firms } = command.data;
        const ids = new Set(firms.map((f) => f.id));
        if (ids.size !== firms.length) throw new DomainError('Test firm ids must be unique');
        if (state.sandboxUrl === sandboxUrl && state.firmsJson === JSON.stringify(firms)) return [];
        return [{ type: 'TestFirmsImported', data: { sandboxUrl, firms } }];
      }
    }
  },
};
