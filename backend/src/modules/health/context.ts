import type { SearchIndex } from '@fp/projections';
import type { AppContext } from '../../platform/context';

/** What health needs from outside, passed by the composition root. */
export interface HealthDeps {
  ctx: AppContext;
  /** The search index adapter, when this process serves searches (readiness waits for it to load). */
  searchIndex?: SearchIndex;
}
