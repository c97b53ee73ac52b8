import type { WorkflowHistory } from '@fp/workflows';
import type { AppContext } from '../../platform/context';
import type { AccountsService } from '../accounts/index';
import type { CatalogService } from '../catalog/index';
import type { CreditsService } from '../credits/index';
import type { MailService } from '../mail/index';
import type { SubmissionsService } from '../submissions/index';

export interface OpsDeps {
  ctx: AppContext;
  accounts: AccountsService;
  credits: CreditsService;
  mail: MailService;
  submissions: SubmissionsService;
  /** The registry's form-discovery runs, a kind of run of the console. */
  catalog: CatalogService;
  /** What the workflow engine in use recorded of each run (the console's step timeline). */
  history: WorkflowHistory;
}

/** What the ops module's files receive: the platform and the services the operators' screens use. */
export type OpsContext = AppContext & Omit<OpsDeps, 'ctx'>;
