import { describe, expect, it } from 'vitest';
import { API_ROUTES, IDENTITY_BASE_PATH, apiPath } from './routes';

describe('API routes', () => {
  it('names every path once, each under /api/', () => {
    const paths = Object.values(API_ROUTES);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) expect(p).toMatch(/^\/api\/[a-z0-9/:-]+$/i);
    expect(paths.some((p) => p.startsWith(`${IDENTITY_BASE_PATH}/`))).toBe(false);
  });

  it('fills the parameters of a pattern, encoded', () => {
    expect(apiPath(API_ROUTES.submission, { id: 'a b/c' })).toBe('/api/submissions/a%20b%2Fc');
    expect(apiPath(API_ROUTES.deckViewerVisitPages, { token: 't', visitId: 7 })).toBe('/api/d/t/visits/7/pages');
    expect(apiPath(API_ROUTES.opsUserRole, { id: 'u1', role: 'admin' })).toBe('/api/ops/users/u1/roles/admin');
    expect(apiPath(API_ROUTES.vcFirms)).toBe('/api/vc-firms');
  });

  it('refuses a missing parameter instead of sending a request to a wrong URL', () => {
    expect(() => apiPath(API_ROUTES.submission, {} as { id: string })).toThrow(/needs the parameter "id"/);
  });
});
