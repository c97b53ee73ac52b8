import type { Module } from '../platform/module';
import { accountsModule } from './accounts/index';
import { catalogModule } from './catalog/index';
import { creditsModule } from './credits/index';
import { healthModule } from './health/index';
import { profileModule } from './profile/index';
import { securityModule } from './security/index';
import { submissionsModule } from './submissions/index';

/** Every module of the monolith, in the order their services are initialised. Add one line per module. */
export const modules: Module[] = [securityModule, healthModule, creditsModule, accountsModule, profileModule, catalogModule, submissionsModule];
