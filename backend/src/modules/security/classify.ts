/**
 * Which calls count against which limit. Paths are the product's (spec §7), matched on the path
 * without query string.
 *   list – catalog list and search calls (50 per minute by default)
 *   bulk – selection-sized calls: all-ids, submits, exports
 * Everything else under /api counts only against the general per-IP limit.
 */
export type LimitClass = 'list' | 'bulk';

const LIST: Array<[string, RegExp]> = [
  ['GET', /^\/api\/vc-firms$/],
  ['GET', /^\/api\/investors$/],
];

const BULK: Array<[string, RegExp]> = [
  ['GET', /^\/api\/(vc-firms|investors|test-vc-firms)\/all-ids$/],
  ['POST', /^\/api\/(submit-to-selected-vcs|submit-to-test-vcs|export-angel-investors)$/],
  // a review drives a browser for up to a minute and a half
  ['POST', /^\/api\/submissions\/review$/],
];

/** Catalog pages a person reads: the scraping guard counts these per user. */
const CATALOG_PAGES = LIST;

const matches = (table: Array<[string, RegExp]>, method: string, path: string) =>
  table.some(([m, re]) => m === method && re.test(path));

export function limitClass(method: string, path: string): LimitClass | null {
  if (matches(LIST, method, path)) return 'list';
  if (matches(BULK, method, path)) return 'bulk';
  return null;
}

export const isCatalogPage = (method: string, path: string) => matches(CATALOG_PAGES, method, path);

/** Machine-facing routes the user-agent check leaves alone (monitors, payment webhooks). */
export const isMachineFacing = (path: string) => isProbe(path) || path.startsWith('/api/webhooks/');

/**
 * Liveness and readiness: balancers call them often, and they must answer when the database is
 * saturated; counting them against a limit would take a connection (the shared counters) first.
 */
export const isProbe = (path: string) => path === '/api/health' || path === '/api/ready';

/** The identity provider's password sign-in (better-auth, SuperTokens). */
export { isSignIn } from '../../platform/identity/port';

/** Plausible routes nobody in the product calls: only scanners and bots find them. */
export const HONEYPOT_PATHS = [
  '/api/admin/export-all',
  '/api/admin/users',
  '/api/v1/users',
  '/api/v1/export',
  '/wp-login.php',
  '/wp-admin',
  '/xmlrpc.php',
  '/.env',
  '/phpmyadmin',
];
const HONEYPOTS = new Set(HONEYPOT_PATHS);
export const isHoneypot = (path: string) => HONEYPOTS.has(path);
export const HONEYPOT_PUBLIC = HONEYPOT_PATHS.filter((p) => p.startsWith('/api/')).map(
  (p) => new RegExp(`^${p.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`),
);
