import type { AppContext } from '../../platform/context';
import type { CreditsService } from '../credits/index';
import type { ProfileService } from '../profile/index';
import type { SubmissionsService } from '../submissions/index';

/** What the first run needs from outside, passed by the composition root. */
export interface FirstRunDeps {
  ctx: AppContext;
  profile: ProfileService;
  credits: CreditsService;
  submissions: SubmissionsService;
}

/** What the first-run module's files receive: the platform and the modules its checklist reads. */
export type FirstRunContext = AppContext & {
  profile: ProfileService;
  credits: CreditsService;
  submissions: SubmissionsService;
};
