import type { AppContext } from '../../platform/context';
import type { HttpWindow } from '../../platform/metrics';

/** What the System page needs from outside, passed by the composition root. */
export interface SystemDeps {
  ctx: AppContext;
  /** This process's role (all, api, worker, …), shown beside its figures. */
  role: string;
  /** The last hour's request latency and errors of this API process. */
  http: HttpWindow;
}
