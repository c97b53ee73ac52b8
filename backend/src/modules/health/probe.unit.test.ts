import { describe, expect, it } from 'vitest';
import { createEngineProbe, type EngineChecks } from './probe';

const healthy = (): EngineChecks => ({
  eventStore: async () => true,
  readModels: async () => true,
  projections: async () => [{ name: 'credits', status: 'running', position: 3, lag: 0, error: null }],
  connection: async () => undefined,
});
const never = <T>() => new Promise<T>(() => undefined);

describe('engine probe', () => {
  it('is ready when every engine answers and a connection is free', async () => {
    const r = await createEngineProbe(healthy()).fresh(500);
    expect(r).toMatchObject({ ok: true, ready: true, reasons: [] });
    expect(r.checkedAt).not.toBeNull();
  });

  it('says why it is not ready: a failed projection, an unreachable event store', async () => {
    const r = await createEngineProbe({
      ...healthy(),
      eventStore: async () => false,
      projections: async () => [{ name: 'credits', status: 'failed', position: 3, lag: 2, error: 'boom' }],
    }).fresh(500);
    expect(r.ready).toBe(false);
    expect(r.reasons).toEqual(['event store: not reachable', 'projection credits failed: boom']);
  });

  it('answers liveness from the last check while the database hangs, and readiness says not ready', async () => {
    let hang = false;
    const checks = healthy();
    const probe = createEngineProbe({
      ...checks,
      connection: () => (hang ? never() : checks.connection()),
      readModels: () => (hang ? never() : checks.readModels()),
    });
    const first = await probe.latest(500);
    expect(first.ok).toBe(true);
    hang = true;
    const t0 = performance.now();
    const live = await probe.latest(100);
    const ready = await probe.fresh(100);
    expect(performance.now() - t0).toBeLessThan(1_000);
    expect(live).toEqual(first);
    expect(ready.ready).toBe(false);
    expect(ready.reasons[0]).toContain('did not answer within 100 ms');
  });

  it('runs one check at a time however many callers ask', async () => {
    let calls = 0;
    const checks = healthy();
    const probe = createEngineProbe({
      ...checks,
      connection: async () => void (calls++, await new Promise((r) => setTimeout(r, 50))),
    });
    await Promise.all(Array.from({ length: 50 }, () => probe.latest(500)));
    expect(calls).toBe(1);
  });
});

describe('engine probe and the in-process search index', () => {
  it('is alive but not ready while the index loads, with its progress, and ready once it is current', async () => {
    let loading: { read: number; total: number | null } | null = { read: 250_000, total: 1_000_000 };
    const probe = createEngineProbe({ ...healthy(), searchIndex: async () => loading });
    const during = await probe.fresh(500);
    expect(during.ok).toBe(true);
    expect(during.ready).toBe(false);
    expect(during.reasons).toEqual([
      'search index loading: 250,000 of 1,000,000 documents read (25%); searches answer from the slower tables until it is done',
    ]);
    expect(during.searchIndex).toEqual({ read: 250_000, total: 1_000_000 });
    loading = { read: 0, total: null };
    expect((await probe.fresh(500)).reasons).toEqual([
      'search index loading: starting; searches answer from the slower tables until it is done',
    ]);
    loading = null;
    expect(await probe.fresh(500)).toMatchObject({ ready: true, reasons: [], searchIndex: null });
  });

  it('is not ready when the index cannot say', async () => {
    const r = await createEngineProbe({
      ...healthy(),
      searchIndex: async () => Promise.reject(new Error('no connection')),
    }).fresh(500);
    expect(r.ready).toBe(false);
    expect(r.reasons).toEqual(['search index: no connection']);
  });
});
