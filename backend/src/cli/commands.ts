import { applyFormCommands } from './apply-form';
import { catalogCommands } from './catalog';
import { discoverFormsCommands } from './discover-forms';
import { creditCommands } from './credits';
import { mailCommands } from './mail';
import { paymentCommands } from './payments';
import { profileCommands } from './profile';
import { projectionCommands } from './projections';
import { securityCommands } from './security';
import { userCommands } from './users';
import type { CliCommand } from './command';

/** Every CLI command; modules add their list here. */
export const commands: CliCommand[] = [
  ...userCommands,
  ...projectionCommands,
  ...creditCommands,
  ...profileCommands,
  ...securityCommands,
  ...catalogCommands,
  ...discoverFormsCommands,
  ...applyFormCommands,
  ...mailCommands,
  ...paymentCommands,
];
