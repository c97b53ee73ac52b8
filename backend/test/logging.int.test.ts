import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogging } from '../src/platform/logging';
import { startTestApp, type TestApp } from '../src/testing/app';

const lines: Record<string, any>[] = [];
let app: TestApp;
beforeAll(async () => {
  const logging = createLogging({ role: 'all', destination: { write: (s: string) => void lines.push(JSON.parse(s)) } });
  app = await startTestApp({ logging });
});
afterAll(async () => app?.close());

const requestLine = (reqId: string) => lines.find((l) => l.msg === 'request' && l.reqId === reqId);

describe('request log lines', () => {
  it("writes one JSON line per request with the request id, the user id and the caller's trace id", async () => {
    const user = await app.createUser();
    const trace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const r = await app.api('GET', '/api/credits', {
      token: user.token,
      headers: { 'x-request-id': 'req-from-proxy-1', traceparent: `00-${trace}-00f067aa0ba902b7-01` },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-request-id')).toBe('req-from-proxy-1');
    expect(requestLine('req-from-proxy-1')).toMatchObject({
      level: 'info',
      role: 'all',
      method: 'GET',
      route: '/api/credits',
      path: '/api/credits',
      statusCode: 200,
      userId: user.id,
      traceId: trace,
    });
    expect(lines.filter((l) => l.reqId === 'req-from-proxy-1' && l.msg === 'request')).toHaveLength(1);
  });

  it('names the submission of /submissions/:id routes, and no user on a refused request', async () => {
    const user = await app.createUser();
    const id = 'b7f3c1e2-0000-4000-8000-000000000001';
    const r = await app.api('GET', `/api/submissions/${id}`, {
      token: user.token,
      headers: { 'x-request-id': 'req-sub-1' },
    });
    expect(r.status).toBe(404);
    expect(requestLine('req-sub-1')).toMatchObject({
      route: '/api/submissions/:id',
      statusCode: 404,
      userId: user.id,
      submissionId: id,
    });
    const anon = await app.api('GET', '/api/credits', { headers: { 'x-request-id': 'req-anon-1' } });
    expect(anon.status).toBe(401);
    const line = requestLine('req-anon-1');
    expect(line).toMatchObject({ statusCode: 401 });
    expect(line!.userId).toBeUndefined();
    // A request without an id from a proxy gets one of its own.
    const own = await app.api('GET', '/api/health');
    expect(own.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
