import { API_ROUTES, IDENTITY_BASE_PATH, ROUTE_LIMITS } from '@fp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HONEYPOT_PATHS } from '../src/modules/security/classify';
import { startTestApp, type TestApp } from '../src/testing/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

/** Our /api routes: not the identity provider's own, nor the honeypots (traps, not API). */
const apiRoutes = () =>
  app.runtime.app!.routeList.filter(
    (r) => r.url.startsWith('/api/') && !r.url.startsWith(`${IDENTITY_BASE_PATH}/`) && !HONEYPOT_PATHS.includes(r.url),
  );

/** The class each route was registered with, as `METHOD /path`: class. */
const classed = () =>
  Object.fromEntries(apiRoutes().flatMap((r) => (r.limit ? [[`${r.method} ${r.url}`, r.limit]] : [])));

describe('route paths and limit classes', () => {
  it('registers every path of API_ROUTES, and no /api route outside it', () => {
    const registered = new Set(apiRoutes().map((r) => r.url));
    const named = new Set<string>(Object.values(API_ROUTES));
    expect([...named].filter((p) => !registered.has(p))).toEqual([]);
    expect([...registered].filter((p) => !named.has(p))).toEqual([]);
  });

  it('declares the list and bulk classes on exactly the catalog lists and the selection-sized calls', () => {
    // Written out so that a route gaining or losing a class is a visible change.
    expect(classed()).toEqual({
      'GET /api/vc-firms': 'list',
      'GET /api/investors': 'list',
      'GET /api/vc-firms/all-ids': 'bulk',
      'GET /api/investors/all-ids': 'bulk',
      'GET /api/test-vc-firms/all-ids': 'bulk',
      'POST /api/submit-to-selected-vcs': 'bulk',
      'POST /api/submit-to-test-vcs': 'bulk',
      'POST /api/submit-plan': 'bulk',
      'POST /api/export-angel-investors': 'bulk',
      'POST /api/submissions/review': 'bulk',
    });
  });

  it('registers on every route exactly the class ROUTE_LIMITS declares for it, and no other', () => {
    const declared = Object.fromEntries(
      Object.entries(ROUTE_LIMITS).flatMap(([key, methods]) =>
        Object.entries(methods).map(([method, limit]) => [
          `${method} ${API_ROUTES[key as keyof typeof ROUTE_LIMITS]}`,
          limit,
        ]),
      ),
    );
    // Both directions: a class registered that the table lacks, and a class in the table no route carries.
    expect(classed()).toEqual(declared);
  });
});
