import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { meQueryOptions } from '../features/accounts';
import type { IdentityStore } from '../lib/identity/store';
import { createAppRouter } from '../router';

const signedIn = { getSnapshot: () => ({ signedIn: true }) } as IdentityStore;
const OPS_SCREENS = [
  '/ops',
  '/ops/users',
  '/ops/workflows',
  '/ops/forms',
  '/ops/system',
  '/ops/ledger',
  '/mailbox',
  '/security-dashboard',
] as const;

/** Opens each Ops screen's route as a user with these roles: the reads its loader started, by path. */
async function primed(roles: string[] | null): Promise<string[]> {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The roles as GET /api/auth/me answered them (null: not read yet, and the read fails: no session here).
  if (roles) qc.setQueryData(meQueryOptions().queryKey, { roles } as never);
  const router = createAppRouter(qc, signedIn);
  const me = JSON.stringify(meQueryOptions().queryKey);
  const reads = () =>
    qc
      .getQueryCache()
      .getAll()
      .filter((q) => JSON.stringify(q.queryKey) !== me).length;
  const opened: string[] = [];
  for (const path of OPS_SCREENS) {
    const route = router.routesByPath[path];
    const before = reads();
    const { loader } = route.options;
    await (typeof loader === 'function' ? loader : loader?.handler)?.({
      context: { queryClient: qc, identity: signedIn },
      route,
      deps: { q: '', page: 1 },
    } as never);
    if (reads() > before) opened.push(path);
  }
  return opened;
}

describe('Ops loaders prime only what the user may read', () => {
  it("primes every Ops screen's read for an admin", async () => {
    expect(await primed(['admin'])).toEqual([...OPS_SCREENS]);
  });
  it('primes only the ledger for an auditor (the server refuses them the rest)', async () => {
    expect(await primed(['auditor'])).toEqual(['/ops/ledger']);
  });
  it('primes nothing for a founder', async () => {
    expect(await primed([])).toEqual([]);
  });
  it('primes nothing while the roles cannot be read', async () => {
    expect(await primed(null)).toEqual([]);
  });
  it('waits at most 5 s for roles that do not come, then primes nothing', async () => {
    vi.useFakeTimers();
    try {
      // GET /api/auth/me never answers.
      const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      void qc.prefetchQuery({
        queryKey: meQueryOptions().queryKey,
        queryFn: () => new Promise<never>(() => undefined),
      });
      const router = createAppRouter(qc, signedIn);
      const route = router.routesByPath['/ops'];
      const { loader } = route.options;
      let done = false;
      void (typeof loader === 'function' ? loader : loader?.handler)?.({
        context: { queryClient: qc, identity: signedIn },
        route,
        deps: {},
      } as never)?.then(() => (done = true));
      await vi.advanceTimersByTimeAsync(4_900);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      expect(done).toBe(true);
      expect(
        qc
          .getQueryCache()
          .getAll()
          .map((q) => q.queryKey),
      ).toEqual([meQueryOptions().queryKey]);
    } finally {
      vi.useRealTimers();
    }
  });
});
