import { API_ROUTES, type LimitClass } from '@fp/contracts';
import type { FastifyRequest } from 'fastify';

// The sanctioned Fastify way to type a route's own config (CODE_STYLE.md, type augmentations).
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The rate-limit class of the route; none: only the general per-IP limit. */
    limit?: LimitClass;
    /** Called by other services' programs, not people (a mail provider's one-click unsubscribe): no user-agent check. */
    machineFacing?: boolean;
  }
}

/**
 * The rate-limit class of the route this request matched (HEAD, the implicit twin of a GET, is not
 * counted). Which calls count against which limit is declared beside the routes (`ROUTE_LIMITS` in
 * contracts: list for catalog lists and searches, bulk for selection-sized calls) and set on the route
 * where it is registered (`typedRoute`), so renaming a path cannot lose its class. Everything else
 * under /api counts only against the general per-IP limit.
 */
export function limitClass(req: FastifyRequest): LimitClass | null {
  if (req.method === 'HEAD') return null;
  return req.routeOptions.config?.limit ?? null;
}

/** Catalog pages a person reads, the list class: the scraping guard counts these per user. */
export const isCatalogPage = (req: FastifyRequest) => limitClass(req) === 'list';

/**
 * Machine-facing routes the user-agent check leaves alone: monitors, payment webhooks, and routes
 * that declare `config: { machineFacing: true }` where they are declared.
 */
export const isMachineFacing = (req: FastifyRequest, path: string) =>
  isProbe(path) || path.startsWith('/api/webhooks/') || req.routeOptions.config?.machineFacing === true;

/**
 * Liveness and readiness: balancers call them often, and they must answer when the database is
 * saturated; counting them against a limit would take a connection (the shared counters) first.
 */
export const isProbe = (path: string) => path === API_ROUTES.health || path === API_ROUTES.ready;

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
