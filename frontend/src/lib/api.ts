import {
  API_ROUTES,
  apiPath,
  IDEMPOTENCY_KEY_HEADER,
  type ApiInput,
  type ApiResponse,
  type ApiResponseFor,
  type ContractMethod,
  type ContractRoute,
} from '@fp/contracts';

/**
 * The shared request helper (spec §7 and §8). A route declared in `ApiContract` is called by its key,
 * and its answer is typed by the contract (no type written at the call site):
 *
 *   const { cards } = await api('pipeline', 'GET');
 *   await api('pipelineEntry', 'PATCH', { params: { id }, body: { stage: 'Passed' } });
 *
 * Every route the screens call is in the contract. Downloads read the raw response
 * (`apiRequestRaw`) and uploads send a file with progress (`apiUpload`).
 *
 * Every call needs a signed-in user and a bearer token; the identity provider binds itself with
 * `setApiAuth` so this module stays usable from route loaders (no hooks needed).
 */

export interface ApiAuth {
  /** True once identity has loaded and a user is signed in. */
  isSignedIn(): boolean;
  /** The bearer session token, or null when none can be obtained. */
  getToken(): Promise<string | null>;
}

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  /** Plain values are sent as JSON; strings, FormData, Blob and URLSearchParams as they are. */
  body?: unknown;
  /** Appended to the URL; arrays repeat the key; null, undefined and '' are left out. */
  query?: Record<string, QueryValue>;
}

export interface ApiClientOptions {
  auth: ApiAuth;
  /** Injected for tests; defaults to the global fetch at call time. */
  fetch?: typeof fetch;
  /** Prefix for paths that do not start with /api. Defaults to VITE_API_BASE or ''. */
  baseUrl?: string;
  /** Where failures are logged before being re-thrown. */
  log?: (message: string, error: unknown) => void;
}

/** A failed call. `status` is the HTTP status, or null when no request was sent. */
export class ApiError extends Error {
  readonly status: number | null;
  readonly body: unknown;
  constructor(message: string, status: number | null = null, body: unknown = undefined) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** The server said no: the signed-in user may not see this (an admin-only screen, a founder's mailbox). */
export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/** Exponential backoff capped at 30 s: the retry delay of the reads that retry. */
export const backoff = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

const NOT_AUTHENTICATED = 'User not authenticated';
export const NO_TOKEN = 'Failed to get authentication token';

function defaultApiBase(): string {
  // import.meta.env exists under Vite and Vitest; guard for any other runner.
  return (import.meta.env?.VITE_API_BASE as string | undefined) ?? '';
}

/** Paths starting with /api are used as-is; others get the base address in front. */
export function resolveApiUrl(path: string, baseUrl: string = defaultApiBase()): string {
  if (path.startsWith('/api')) return path;
  if (!baseUrl) return path;
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  return path.startsWith('/') ? base + path : `${base}/${path}`;
}

export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== '') params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

function isJsonContentType(contentType: string | null): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}

function encodeBody(body: unknown, method: string): BodyInit | undefined {
  if (body === undefined) {
    // A JSON content type with an empty body is rejected by most servers (Fastify answers 400),
    // and every request carries that content type, so bodiless writes send an empty object.
    return method === 'GET' || method === 'HEAD' ? undefined : '{}';
  }
  if (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  ) {
    return body;
  }
  return JSON.stringify(body);
}

/** The message for a non-success response (spec §8). */
export function errorMessageFor(status: number, body: unknown, bodyWasJson: boolean): string {
  if (!bodyWasJson) return `API request failed with status ${status}`;
  if (body && typeof body === 'object') {
    const error = (body as { error?: unknown }).error;
    if (typeof error === 'string' && error.trim()) return error;
    if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
      return (error as { message: string }).message;
    }
  }
  return 'API request failed';
}

/** What `api()` takes beside the route's input: extra headers (an Idempotency-Key), an abort signal. */
interface ApiCallOptions {
  headers?: HeadersInit;
  signal?: AbortSignal;
}

/** The methods of a route that need no input (no parameters, no body, no required query). */
type InputlessMethod<K extends ContractRoute> = {
  [M in ContractMethod<K>]: {} extends ApiInput<K, M> ? M : never;
}[ContractMethod<K>];

/** A contract route by key: the URL from `API_ROUTES` and `apiPath`, the answer typed by `ApiContract`. */
export interface ApiCall {
  // `const`: the input's literals stay literal, so a route answering by its body picks its variant.
  <K extends ContractRoute, M extends ContractMethod<K>, const I extends ApiInput<K, M> & ApiCallOptions>(
    key: K,
    method: M,
    input: I,
  ): Promise<ApiResponseFor<K, M, I>>;
  <K extends ContractRoute, M extends InputlessMethod<K>>(key: K, method: M): Promise<ApiResponse<K, M>>;
}

export interface ApiClient {
  call: ApiCall;
  /** Parsed body: JSON when the response says JSON, otherwise text. */
  request<T = unknown>(path: string, init?: ApiRequestInit): Promise<T>;
  /** The checked Response itself, for downloads (CSV export). Throws like `request` on failure. */
  requestRaw(path: string, init?: ApiRequestInit): Promise<Response>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const log = options.log ?? ((message, error) => console.error(message, error));

  async function send(path: string, init: ApiRequestInit): Promise<Response> {
    if (!options.auth.isSignedIn()) throw new ApiError(NOT_AUTHENTICATED);
    let token: string | null = null;
    try {
      token = await options.auth.getToken();
    } catch {
      token = null;
    }
    if (!token) throw new ApiError(NO_TOKEN);

    const { body, query, headers, method: rawMethod, ...rest } = init;
    const method = (rawMethod ?? 'GET').toUpperCase();
    const merged = new Headers(headers);
    merged.set('Content-Type', 'application/json');
    merged.set('Authorization', `Bearer ${token}`);
    const url = resolveApiUrl(path, options.baseUrl ?? defaultApiBase()) + buildQuery(query);
    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    return doFetch(url, { ...rest, method, headers: merged, body: encodeBody(body, method) });
  }

  async function readBody(response: Response): Promise<{ body: unknown; json: boolean }> {
    const text = await response.text();
    if (!isJsonContentType(response.headers.get('content-type'))) return { body: text, json: false };
    if (!text) return { body: null, json: true };
    try {
      return { body: JSON.parse(text) as unknown, json: true };
    } catch {
      return { body: text, json: false };
    }
  }

  async function failIfNotOk(response: Response): Promise<void> {
    if (response.ok) return;
    const { body, json } = await readBody(response);
    throw new ApiError(errorMessageFor(response.status, body, json), response.status, body);
  }

  async function request<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
    try {
      const response = await send(path, init);
      await failIfNotOk(response.clone());
      const { body, json } = await readBody(response);
      if (!json && isJsonContentType(response.headers.get('content-type'))) {
        throw new ApiError('Invalid JSON in API response', response.status, body);
      }
      return body as T;
    } catch (error) {
      log(`API request failed: ${init.method ?? 'GET'} ${path}`, error);
      throw error;
    }
  }

  function call(key: ContractRoute, method: string, input?: unknown): Promise<unknown> {
    const { params, query, body, headers, signal } = (input ?? {}) as {
      params?: Record<string, string | number>;
      query?: Record<string, QueryValue>;
      body?: unknown;
    } & ApiCallOptions;
    // apiPath checks the parameter names at compile time; here they come from the contract's input type.
    const path = (apiPath as (pattern: string, params?: Record<string, string | number>) => string)(
      API_ROUTES[key],
      params,
    );
    return request(path, { method, query, body, headers, signal });
  }

  return {
    call: call as ApiCall,
    request,
    async requestRaw(path: string, init: ApiRequestInit = {}): Promise<Response> {
      try {
        const response = await send(path, init);
        await failIfNotOk(response.clone());
        return response;
      } catch (error) {
        log(`API request failed: ${init.method ?? 'GET'} ${path}`, error);
        throw error;
      }
    },
  };
}

// The app-wide client. The identity provider binds the live session with setApiAuth.
const signedOut: ApiAuth = { isSignedIn: () => false, getToken: async () => null };
let boundAuth: ApiAuth = signedOut;

export function setApiAuth(auth: ApiAuth | null): void {
  boundAuth = auth ?? signedOut;
}

const appClient = createApiClient({
  auth: { isSignedIn: () => boundAuth.isSignedIn(), getToken: () => boundAuth.getToken() },
});

/** Calls a contract route with the app's session: `api('pipelineEntry', 'DELETE', { params: { id } })`. */
export const api: ApiCall = appClient.call;

export function apiRequestRaw(path: string, init?: ApiRequestInit): Promise<Response> {
  return appClient.requestRaw(path, init);
}

/** Waits before the automatic retries of a keyed paid call (the server asks for 2 s when busy). */
const KEYED_RETRY_DELAYS_MS: readonly number[] = [1000, 2000];

/** No answer came (the connection failed) or the server was busy: the same request may be sent again. */
function isRetryableFailure(err: unknown): boolean {
  if (err instanceof ApiError) return err.status === 503;
  // fetch's own failure (no connection, a reset): a TypeError, with no answer at all.
  return err instanceof TypeError;
}

/**
 * A paid call (submit, retry, angel export, purchase) as one intent of the founder: one fresh
 * Idempotency-Key, and the same key on its automatic retries (no answer, or the server busy; at most
 * two). The server answers a resend with the first answer, so a retry never charges twice.
 */
export async function sendKeyed<T>(
  send: (headers: Record<string, string>) => Promise<T>,
  opts: { key?: string; delaysMs?: readonly number[] } = {},
): Promise<T> {
  const headers = { [IDEMPOTENCY_KEY_HEADER]: opts.key ?? crypto.randomUUID() };
  const delays = opts.delaysMs ?? KEYED_RETRY_DELAYS_MS;
  for (let i = 0; ; i++) {
    try {
      return await send(headers);
    } catch (err) {
      if (i >= delays.length || !isRetryableFailure(err)) throw err;
      await new Promise((r) => setTimeout(r, delays[i]));
    }
  }
}

/** True when a failure looks like an auth problem (message mentions 401/403, or that status). */
export function isAuthFailure(error: unknown): boolean {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return true;
  const message = error instanceof Error ? error.message : String(error);
  return message.includes('401') || message.includes('403');
}

/**
 * Sends a file as the raw request body with upload progress (fetch reports none), e.g. the pitch
 * deck: `apiUpload(API_ROUTES.pitchDeck, file, { query: { name }, onProgress })`. Resolves the JSON
 * answer; fails like `api` (ApiError with the server's `{ error }`).
 */
export async function apiUpload<T = unknown>(
  path: string,
  file: Blob,
  opts: {
    method?: string;
    query?: Record<string, QueryValue>;
    onProgress?: (sent: number, total: number) => void;
    signal?: AbortSignal;
  } = {},
): Promise<T> {
  if (!boundAuth.isSignedIn()) throw new ApiError(NOT_AUTHENTICATED);
  const token = await boundAuth.getToken().catch(() => null);
  if (!token) throw new ApiError(NO_TOKEN);
  const url = resolveApiUrl(path) + buildQuery(opts.query);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? 'PUT', url);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (e) => opts.onProgress?.(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onerror = () => reject(new ApiError('The upload failed: the connection was lost. Please try again.'));
    xhr.onabort = () => reject(new ApiError('The upload was cancelled.'));
    xhr.onload = () => {
      const json = isJsonContentType(xhr.getResponseHeader('content-type'));
      let body: unknown = xhr.responseText;
      if (json) {
        try {
          body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
        } catch {
          body = xhr.responseText;
        }
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new ApiError(errorMessageFor(xhr.status, body, json), xhr.status, body));
    };
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
