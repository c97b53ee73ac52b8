import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The backend's test app (real app, real Postgres), loaded by path at run time so that
 * `tsc -p frontend` does not type-check the backend's sources; each e2e file types what it uses.
 */
export const TEST_APP_MODULE = path.join(here, '..', '..', 'backend', 'src', 'testing', 'app.ts');

/** Debian's Chromium as root on a machine with no outside network. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
