import { ConcurrencyError } from '@fp/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMetrics } from '../src/platform/metrics';
import { startTestApp, type TestApp } from '../src/testing/app';
import { founder, waitForStatus } from './submissions-helpers';

const TOKEN = 'metrics-test-token-0123456789';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ config: { metricsToken: TOKEN } });
});
afterAll(async () => app?.close());

async function scrape(): Promise<string> {
  const res = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}

/** The value of one sample: the metric name and every label given must match (other labels may exist). */
function value(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

/** Sum over every sample of a metric whose labels match. */
function total(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) sum += Number(m[3]);
  }
  return sum;
}

describe('GET /metrics', () => {
  it('answers only with the bearer token when METRICS_TOKEN is set', async () => {
    expect((await fetch(`${app.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${app.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    const text = await scrape();
    // Node's own process metrics, labelled with the role.
    expect(value(text, 'process_resident_memory_bytes', { role: 'all' })).toBeGreaterThan(0);
    expect(value(text, 'nodejs_eventloop_lag_seconds')).toBeDefined();
  });

  it('serves the same registry on METRICS_PORT for the roles without an HTTP server (projections, worker)', async () => {
    const server = await serveMetrics(app.runtime.metrics, { port: 0, host: '127.0.0.1', token: TOKEN });
    try {
      const base = `http://127.0.0.1:${server.port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      expect((await fetch(`${base}/other`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
      const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(value(await res.text(), 'fundflow_db_pool_connections', { state: 'max' })).toBe(app.ctx.config.pool.max);
    } finally {
      await server.close();
    }
  });

  it('moves the counters around a submission: routes by pattern, appends, applications, runs, search', async () => {
    const before = await scrape();
    const u = await founder(app, 1);
    const search = await app.api('GET', '/api/test-vc-firms', { token: u.token });
    expect(search.status).toBe(200);
    const r = await app.api('POST', '/api/submit-to-test-vcs', {
      token: u.token,
      body: { testVcIds: ['test_vc_northwind-ventures'] },
    });
    expect(r.status).toBe(200);
    const [id] = r.body.submissionIds as string[];
    const done = await waitForStatus(app, u.token, id!, ['completed', 'failed', 'stopped']);
    expect(done.status).toBe('completed');
    // A real conflict on the event store port.
    await app.ctx.store.append(`metrics-test-${id}`, [{ type: 'MetricsProbe', data: {} }], 'no_stream');
    await expect(
      app.ctx.store.append(`metrics-test-${id}`, [{ type: 'MetricsProbe', data: {} }], 'no_stream'),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    await app.ctx.projections.waitFor(undefined, 10_000);
    const after = await scrape();

    const http = 'fundflow_http_request_duration_seconds_count';
    const submitRoute = { method: 'POST', route: '/api/submit-to-test-vcs', status_code: '200' };
    expect(value(after, http, submitRoute)).toBe((value(before, http, submitRoute) ?? 0) + 1);
    // The route pattern, never the raw URL with the submission's id.
    expect(value(after, http, { method: 'GET', route: '/api/submissions/:id' })).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain(`/api/submissions/${id}`);

    expect(total(after, 'fundflow_applications_total', { outcome: 'requested' })).toBe(
      total(before, 'fundflow_applications_total', { outcome: 'requested' }) + 1,
    );
    expect(total(after, 'fundflow_applications_total', { outcome: 'completed' })).toBe(
      total(before, 'fundflow_applications_total', { outcome: 'completed' }) + 1,
    );
    expect(total(after, 'fundflow_eventstore_append_duration_seconds_count')).toBeGreaterThan(
      total(before, 'fundflow_eventstore_append_duration_seconds_count'),
    );
    expect(value(after, 'fundflow_eventstore_append_conflicts_total', { op: 'append' })).toBe(
      (value(before, 'fundflow_eventstore_append_conflicts_total', { op: 'append' }) ?? 0) + 1,
    );
    expect(total(after, 'fundflow_search_duration_seconds_count')).toBeGreaterThan(
      total(before, 'fundflow_search_duration_seconds_count'),
    );

    expect(value(after, 'fundflow_workflow_runs', { status: 'completed' })).toBe(
      (value(before, 'fundflow_workflow_runs', { status: 'completed' }) ?? 0) + 1,
    );
    expect(value(after, 'fundflow_workflow_queue_depth')).toBe(0);
    expect(value(after, 'fundflow_mail_outbox_depth')).toBeGreaterThanOrEqual(0);
    expect(value(after, 'fundflow_db_pool_connections', { state: 'max' })).toBe(app.ctx.config.pool.max);
    expect(value(after, 'fundflow_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
    expect(value(after, 'fundflow_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    // One lag per projection (the mail job may append at any moment: not asserted to be 0).
    for (const name of app.ctx.projections.names)
      expect(value(after, 'fundflow_projection_lag_events', { projection: name }), name).toBeGreaterThanOrEqual(0);
  });
});
