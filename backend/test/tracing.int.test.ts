import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogging } from '../src/platform/logging';
import { createTracing } from '../src/platform/tracing';
import { startTestApp, type TestApp } from '../src/testing/app';
import { founder, waitForStatus, waitUntil } from './submissions-helpers';

const exporter = new InMemorySpanExporter();
const tracing = createTracing({ role: 'all', exporter });
const lines: Record<string, any>[] = [];
let app: TestApp;
beforeAll(async () => {
  const logging = createLogging({
    role: 'all',
    activeTraceId: () => tracing.traceId(),
    destination: { write: (s: string) => void lines.push(JSON.parse(s)) },
  });
  app = await startTestApp({ logging, tracing });
});
afterAll(async () => app?.close());

const spans = () => exporter.getFinishedSpans();
const traceOf = (s: ReadableSpan) => s.spanContext().traceId;
const childrenOf = (s: ReadableSpan) => spans().filter((c) => c.parentSpanContext?.spanId === s.spanContext().spanId);

describe('traces (OpenTelemetry)', () => {
  it("makes a span per request in the caller's trace, with its queries as children, and logs the trace id", async () => {
    const user = await app.createUser();
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const parentSpanId = 'b7ad6b7169203331';
    const r = await app.api('GET', '/api/credits', {
      token: user.token,
      headers: { traceparent: `00-${traceId}-${parentSpanId}-01`, 'x-request-id': 'traced-1' },
    });
    expect(r.status).toBe(200);
    const request = await waitUntil(
      'the request span',
      async () => spans().find((s) => s.name === 'GET /api/credits' && traceOf(s) === traceId),
      10_000,
      100,
    );
    expect(request.parentSpanContext?.spanId).toBe(parentSpanId);
    expect(request.attributes).toMatchObject({
      'http.route': '/api/credits',
      'http.response.status_code': 200,
      'enduser.id': user.id,
      'fundflow.request_id': 'traced-1',
    });
    const queries = childrenOf(request).filter((s) => s.name === 'pg.query');
    expect(queries.length).toBeGreaterThan(0);
    expect(String(queries[0]!.attributes['db.query.text'])).toMatch(/select/i);
    expect(lines.find((l) => l.msg === 'request' && l.reqId === 'traced-1')).toMatchObject({
      traceId,
      userId: user.id,
    });
  });

  it('traces a submission: the POST with its multi-stream append, then the workflow steps and the automation phases', async () => {
    const u = await founder(app, 1);
    const r = await app.api('POST', '/api/submit-to-test-vcs', {
      token: u.token,
      body: { testVcIds: ['test_vc_northwind-ventures'] },
    });
    expect(r.status).toBe(200);
    const [id] = r.body.submissionIds as string[];
    expect((await waitForStatus(app, u.token, id!, ['completed', 'failed', 'stopped'])).status).toBe('completed');

    const post = await waitUntil(
      'the submit span',
      async () => spans().find((s) => s.name === 'POST /api/submit-to-test-vcs' && s.attributes['enduser.id'] === u.id),
      10_000,
      100,
    );
    const inPost = spans().filter((s) => traceOf(s) === traceOf(post));
    expect(inPost.map((s) => s.name)).toContain('eventstore.appendMany');

    const finish = await waitUntil(
      'the finish step span',
      async () => spans().find((s) => s.name === 'workflow.finish' && s.attributes['fundflow.submission_id'] === id),
      10_000,
      100,
    );
    const apply = spans().find((s) => s.name === 'workflow.apply' && s.attributes['fundflow.submission_id'] === id)!;
    expect(apply).toBeDefined();
    expect(spans().some((s) => s.name === 'workflow.begin' && s.attributes['fundflow.submission_id'] === id)).toBe(
      true,
    );
    const phases = childrenOf(apply)
      .filter((s) => s.name.startsWith('automation.'))
      .map((s) => s.name);
    expect(phases.length).toBeGreaterThan(1);
    expect(phases).toContain('automation.submitting');
    // The step's own writes are its children.
    expect(spans().some((s) => traceOf(s) === traceOf(finish) && s.name.startsWith('eventstore.append'))).toBe(true);
  });
});

describe('the OTLP exporter', () => {
  it('sends spans to OTEL_EXPORTER_OTLP_ENDPOINT over HTTP, and nothing is traced without it', async () => {
    const received: { url: string; type: string; bytes: number }[] = [];
    const collector = createServer((req, res) => {
      let bytes = 0;
      req.on('data', (d: Buffer) => (bytes += d.length));
      req.on('end', () => {
        received.push({ url: req.url ?? '', type: String(req.headers['content-type']), bytes });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
      const otlp = createTracing({ role: 'worker', endpoint });
      expect(otlp.enabled).toBe(true);
      const traceId = await otlp.span('test.span', { answer: 42 }, async () => otlp.traceId());
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      await otlp.shutdown();
      expect(received.length).toBeGreaterThan(0);
      expect(received[0]).toMatchObject({ url: '/v1/traces' });
      expect(received[0]!.bytes).toBeGreaterThan(0);

      const off = createTracing({ role: 'worker' });
      expect(off.enabled).toBe(false);
      expect(off.span('x', {}, () => off.traceId())).toBeUndefined();
    } finally {
      collector.close();
    }
  });
});
