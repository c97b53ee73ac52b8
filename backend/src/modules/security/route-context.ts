import type { AppContext } from '../../platform/context';
import type { SecurityService } from './service';

/** What the security module's files receive: the platform and the module's own service. */
export type SecurityContext = AppContext & { security: SecurityService };
