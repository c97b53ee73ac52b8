import type { AppContext } from '../../platform/context';
import type { FileStorage } from '../../platform/storage/index';

/** What the profile needs from outside, passed by the composition root. */
export interface ProfileDeps {
  ctx: AppContext;
  /** Where pitch deck files (and their first-page images) are kept. */
  storage: FileStorage;
}
