import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  buildQuery,
  createApiClient,
  errorMessageFor,
  isAuthFailure,
  resolveApiUrl,
  sendKeyed,
  type ApiAuth,
} from './api';

const signedIn = (token: string | null = 'tok-123'): ApiAuth => ({
  isSignedIn: () => true,
  getToken: async () => token,
});
const quiet = () => undefined;

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

// A real local server: each test registers what the next request should answer.
let server: Server;
let origin = '';
let seen: Seen[] = [];
let reply: (req: Seen) => { status: number; type?: string; body: string } = () => ({ status: 200, body: '' });

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const s: Seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(s);
      const r = reply(s);
      res.writeHead(r.status, r.type ? { 'content-type': r.type } : {});
      res.end(r.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// /api paths are used as-is, so the server-backed client rewrites them onto the test origin.
function serverClient(auth: ApiAuth = signedIn()) {
  seen = [];
  return createApiClient({
    auth,
    log: quiet,
    fetch: (input, init) => fetch(`${origin}${String(input)}`, init),
  });
}

describe('resolveApiUrl', () => {
  it('uses /api paths as they are, whatever the base', () => {
    expect(resolveApiUrl('/api/credits/balance', 'https://api.example.com')).toBe('/api/credits/balance');
    expect(resolveApiUrl('/api', 'https://x')).toBe('/api');
  });
  it('prefixes other paths with the base address', () => {
    expect(resolveApiUrl('/health', 'https://api.example.com')).toBe('https://api.example.com/health');
    expect(resolveApiUrl('/health', 'https://api.example.com/')).toBe('https://api.example.com/health');
    expect(resolveApiUrl('health', 'https://api.example.com')).toBe('https://api.example.com/health');
  });
  it('leaves other paths alone when the base is empty (same origin)', () => {
    expect(resolveApiUrl('/health', '')).toBe('/health');
  });
  it('defaults the base to VITE_API_BASE or empty', () => {
    expect(resolveApiUrl('/health')).toBe(`${import.meta.env.VITE_API_BASE ?? ''}/health`);
  });
});

describe('buildQuery', () => {
  it('repeats array keys and drops empty values', () => {
    expect(buildQuery({ page: 2, search: '', country: ['US', 'DE'], aumMin: undefined, x: null, on: true })).toBe(
      '?page=2&country=US&country=DE&on=true',
    );
    expect(buildQuery({})).toBe('');
    expect(buildQuery(undefined)).toBe('');
  });
});

describe('request headers and body (real http server)', () => {
  it('sends a JSON content type and the bearer token, and parses a JSON response', async () => {
    reply = () => ({ status: 200, type: 'application/json; charset=utf-8', body: '{"balance":7}' });
    const api = serverClient(signedIn('abc'));
    await expect(api.request('/api/credits/balance')).resolves.toEqual({ balance: 7 });
    expect(seen[0].method).toBe('GET');
    expect(seen[0].url).toBe('/api/credits/balance');
    expect(seen[0].headers['content-type']).toBe('application/json');
    expect(seen[0].headers.authorization).toBe('Bearer abc');
    expect(seen[0].body).toBe('');
  });

  it('sends plain values as JSON and appends the query', async () => {
    reply = () => ({ status: 200, type: 'application/json', body: '{"creditsDeducted":2}' });
    const api = serverClient();
    const out = await api.request('/api/submit-to-selected-vcs', {
      method: 'POST',
      body: { vcIds: ['a', 'b'] },
      query: { dry: 1 },
    });
    expect(out).toEqual({ creditsDeducted: 2 });
    expect(seen[0].method).toBe('POST');
    expect(seen[0].url).toBe('/api/submit-to-selected-vcs?dry=1');
    expect(JSON.parse(seen[0].body)).toEqual({ vcIds: ['a', 'b'] });
  });

  it('sends an empty JSON object for a bodiless write', async () => {
    reply = () => ({ status: 200, type: 'application/json', body: '{"ok":true}' });
    const api = serverClient();
    await api.request('/api/submissions/1/retry', { method: 'POST' });
    expect(seen[0].body).toBe('{}');
  });

  it('keeps caller headers but always sets content type and authorization', async () => {
    reply = () => ({ status: 200, type: 'text/plain', body: 'ok' });
    const api = serverClient(signedIn('t'));
    await api.request('/api/x', { headers: { 'X-Trace': '1', Authorization: 'Bearer other' } });
    expect(seen[0].headers['x-trace']).toBe('1');
    expect(seen[0].headers.authorization).toBe('Bearer t');
  });

  it('reads a non-JSON response as text', async () => {
    reply = () => ({ status: 200, type: 'text/csv', body: 'a,b\n1,2\n' });
    await expect(serverClient().request('/api/export-angel-investors', { method: 'POST' })).resolves.toBe('a,b\n1,2\n');
  });

  it('reads a response without a content type as text', async () => {
    reply = () => ({ status: 200, body: '42' });
    await expect(serverClient().request('/api/credits/balance')).resolves.toBe('42');
  });

  it('returns null for an empty JSON response', async () => {
    reply = () => ({ status: 200, type: 'application/json', body: '' });
    await expect(serverClient().request('/api/x', { method: 'DELETE' })).resolves.toBeNull();
  });

  it('uses the error field of a JSON error body', async () => {
    reply = () => ({ status: 402, type: 'application/json', body: '{"error":"Insufficient credits"}' });
    const err = await serverClient()
      .request<never>('/api/submit-to-selected-vcs', { method: 'POST' })
      .catch((e: unknown) => e as ApiError);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toBe('Insufficient credits');
    expect(err.status).toBe(402);
    expect(err.body).toEqual({ error: 'Insufficient credits' });
  });

  it("says 'API request failed' for a JSON error body without an error field", async () => {
    reply = () => ({ status: 500, type: 'application/json', body: '{"message":"boom"}' });
    await expect(serverClient().request('/api/x')).rejects.toThrow(/^API request failed$/);
  });

  it("says 'API request failed with status {code}' when the error body is not JSON", async () => {
    reply = () => ({ status: 503, type: 'text/html', body: '<h1>down</h1>' });
    await expect(serverClient().request('/api/x')).rejects.toThrow(/^API request failed with status 503$/);
  });

  it('raw requests return the checked response and fail the same way', async () => {
    reply = () => ({ status: 200, type: 'text/csv', body: 'id\n1\n' });
    const res = await serverClient().requestRaw('/api/export-angel-investors', {
      method: 'POST',
      body: { investorIds: ['1'] },
    });
    expect(await res.text()).toBe('id\n1\n');
    reply = () => ({ status: 400, type: 'application/json', body: '{"error":"No investors"}' });
    await expect(serverClient().requestRaw('/api/export-angel-investors', { method: 'POST' })).rejects.toThrow(
      'No investors',
    );
  });
});

describe('api calls by contract key (real http server)', () => {
  it('builds the URL from the route and its parameters, and sends the method and body', async () => {
    reply = () => ({ status: 200, type: 'application/json', body: '{"id":"c/1","stage":"Passed"}' });
    const api = serverClient();
    await expect(
      api.call('pipelineEntry', 'PATCH', { params: { id: 'c/1' }, body: { stage: 'Passed' } }),
    ).resolves.toEqual({ id: 'c/1', stage: 'Passed' });
    expect(seen[0].method).toBe('PATCH');
    expect(seen[0].url).toBe('/api/pipeline/c%2F1');
    expect(JSON.parse(seen[0].body)).toEqual({ stage: 'Passed' });
  });

  it('calls a route without input, and a bodiless write with extra headers', async () => {
    reply = () => ({ status: 200, type: 'application/json', body: '{"cards":[]}' });
    const api = serverClient();
    await expect(api.call('pipeline', 'GET')).resolves.toEqual({ cards: [] });
    expect(seen[0].method).toBe('GET');
    expect(seen[0].url).toBe('/api/pipeline');
    expect(seen[0].body).toBe('');
    reply = () => ({ status: 200, type: 'application/json', body: '{"success":true}' });
    await api.call('pipelineEntry', 'DELETE', { params: { id: 'c1' }, headers: { 'X-Trace': 't1' } });
    expect(seen[1].method).toBe('DELETE');
    expect(seen[1].url).toBe('/api/pipeline/c1');
    expect(seen[1].body).toBe('{}');
    expect(seen[1].headers['x-trace']).toBe('t1');
  });

  it("fails like request does, with the server's error", async () => {
    reply = () => ({ status: 404, type: 'application/json', body: '{"error":"Pipeline card not found"}' });
    const api = serverClient();
    await expect(api.call('pipelineEntryHistory', 'GET', { params: { id: 'nope' } })).rejects.toMatchObject({
      status: 404,
      message: 'Pipeline card not found',
    });
  });
});

describe('authentication branches (injected fetch)', () => {
  it("throws 'User not authenticated' when signed out and sends nothing", async () => {
    const f = vi.fn<typeof fetch>();
    const api = createApiClient({
      auth: { isSignedIn: () => false, getToken: async () => 'tok' },
      fetch: f,
      log: quiet,
    });
    await expect(api.request('/api/credits/balance')).rejects.toThrow(/^User not authenticated$/);
    expect(f).not.toHaveBeenCalled();
  });

  it("throws 'Failed to get authentication token' when there is no token", async () => {
    const f = vi.fn<typeof fetch>();
    const api = createApiClient({ auth: signedIn(null), fetch: f, log: quiet });
    await expect(api.request('/api/credits/balance')).rejects.toThrow(/^Failed to get authentication token$/);
    expect(f).not.toHaveBeenCalled();
  });

  it("throws 'Failed to get authentication token' when getting the token fails", async () => {
    const f = vi.fn<typeof fetch>();
    const auth: ApiAuth = { isSignedIn: () => true, getToken: () => Promise.reject(new Error('refresh failed')) };
    const api = createApiClient({ auth, fetch: f, log: quiet });
    await expect(api.request('/api/x')).rejects.toThrow('Failed to get authentication token');
    expect(f).not.toHaveBeenCalled();
  });

  it('prefixes non-/api paths with the configured base', async () => {
    const f = vi.fn<typeof fetch>(async () => new Response('{}', { headers: { 'content-type': 'application/json' } }));
    const api = createApiClient({ auth: signedIn(), fetch: f, log: quiet, baseUrl: 'https://api.example.com' });
    await api.request('/status');
    await api.request('/api/credits');
    expect(f.mock.calls.map((c) => String(c[0]))).toEqual(['https://api.example.com/status', '/api/credits']);
  });

  it('logs failures and re-throws them unchanged', async () => {
    const boom = new TypeError('network down');
    const log = vi.fn();
    const api = createApiClient({ auth: signedIn(), fetch: async () => Promise.reject(boom), log });
    await expect(api.request('/api/x')).rejects.toBe(boom);
    expect(log).toHaveBeenCalledWith('API request failed: GET /api/x', boom);
  });

  it('fails clearly when a JSON response does not parse', async () => {
    const api = createApiClient({
      auth: signedIn(),
      log: quiet,
      fetch: async () => new Response('{oops', { headers: { 'content-type': 'application/json' } }),
    });
    await expect(api.request('/api/x')).rejects.toThrow('Invalid JSON in API response');
  });
});

describe('errorMessageFor and isAuthFailure', () => {
  it('covers each message branch', () => {
    expect(errorMessageFor(400, { error: 'Bad input' }, true)).toBe('Bad input');
    expect(errorMessageFor(400, { error: { message: 'Nested' } }, true)).toBe('Nested');
    expect(errorMessageFor(400, { error: '' }, true)).toBe('API request failed');
    expect(errorMessageFor(400, null, true)).toBe('API request failed');
    expect(errorMessageFor(404, 'Not Found', false)).toBe('API request failed with status 404');
  });
  it('recognises 401/403 by status or message', () => {
    expect(isAuthFailure(new ApiError('nope', 401))).toBe(true);
    expect(isAuthFailure(new ApiError('nope', 403))).toBe(true);
    expect(isAuthFailure(new Error('API request failed with status 403'))).toBe(true);
    expect(isAuthFailure(new ApiError('Insufficient credits', 402))).toBe(false);
  });
});

describe('sendKeyed (a paid call, real http server)', () => {
  it('sends one key per call and the same key on its retries when the server is busy', async () => {
    let calls = 0;
    reply = () =>
      ++calls < 3
        ? { status: 503, type: 'application/json', body: '{"error":"busy"}' }
        : { status: 200, type: 'application/json', body: '{"creditsDeducted":1}' };
    const api = serverClient();
    const send = () =>
      sendKeyed((headers) => api.request('/api/submit-to-test-vcs', { method: 'POST', body: {}, headers }), {
        delaysMs: [0, 0],
      });
    await expect(send()).resolves.toEqual({ creditsDeducted: 1 });
    expect(seen).toHaveLength(3);
    const key = seen[0].headers['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.map((s) => s.headers['idempotency-key'])).toEqual([key, key, key]);
    calls = 2;
    await send();
    expect(seen).toHaveLength(4);
    expect(seen[3].headers['idempotency-key']).not.toBe(key);
  });

  it('gives up after its retries, and never retries an answer that is not "busy"', async () => {
    reply = () => ({ status: 503, type: 'application/json', body: '{"error":"busy"}' });
    const api = serverClient();
    const post = (headers: Record<string, string>) => api.request('/api/x', { method: 'POST', headers });
    await expect(sendKeyed(post, { delaysMs: [0, 0] })).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(3);
    reply = () => ({ status: 402, type: 'application/json', body: '{"error":"Insufficient Credits"}' });
    seen = [];
    await expect(sendKeyed(post, { delaysMs: [0, 0] })).rejects.toMatchObject({ status: 402 });
    expect(seen).toHaveLength(1);
  });
});
