import type { AppContext } from '../../platform/context';
import type { ProfileService } from './service';

/** What the profile module's files receive: the platform and the profile service. */
export type ProfileContext = AppContext & { profile: ProfileService };
