import type { AppContext } from '../../platform/context';

/** What security needs from outside, passed by the composition root. */
export interface SecurityDeps {
  ctx: AppContext;
}
