export { startSandbox, ROBOTS_DISALLOWED_SITES, type Sandbox } from './server';
export { samplePdf } from './sample-deck';
export { ATLAS_PORTAL_PASSWORD } from './sites/atlas-ventures';
export type { SandboxSite } from './types';
import { SITE_DEFINITIONS } from './sites';
import type { SandboxSite } from './types';

/** The site catalogue without starting a server (e.g. to seed a test VC database). */
export const SANDBOX_SITES: SandboxSite[] = SITE_DEFINITIONS.map(
  ({ slug, name, kind, expectedOutcome, description }) => ({ slug, name, kind, expectedOutcome, description }),
);
