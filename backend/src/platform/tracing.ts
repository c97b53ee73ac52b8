import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { wrapMethods } from './wrap-methods';
import { parseTraceParent } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

/**
 * OpenTelemetry traces (docs/deploy.md, "Traces"), exported over OTLP/HTTP only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise every call here is a no-op that runs the work.
 * Built at the composition root and handed to what it traces. Nothing is registered globally
 * (no global tracer provider or context manager): the current span lives in this object's own
 * AsyncLocalStorage, so several runtimes in one process (tests) never mix their traces.
 *
 * Spans: one per HTTP request (parent from the caller's `traceparent`), per event-store append and
 * stream read, per search, per Postgres query inside one of those, per workflow activity (begin,
 * apply, finish) and per automation phase inside apply (navigating, filling, submitting, …).
 */
export interface Tracing {
  readonly enabled: boolean;
  /** Runs `fn` in a new span, a child of the current one (or a new trace). */
  span<T>(name: string, attributes: Attributes, fn: (span: Span) => T, opts?: { kind?: SpanKind; root?: boolean }): T;
  /** The current span's trace id (for log lines), if any. */
  traceId(): string | undefined;
  /** Sends what is buffered and stops. */
  shutdown(): Promise<void>;
  /** For the hooks below (request spans, automation phases): the tracer and the current span's context. */
  readonly internals: { tracer: Tracer; current: AsyncLocalStorage<Context> } | null;
}

export interface TracingOptions {
  role: string;
  /** OTEL_EXPORTER_OTLP_ENDPOINT (e.g. http://otel-collector:4318); unset = tracing off. */
  endpoint?: string;
  /** Instead of OTLP (tests): where finished spans go. */
  exporter?: SpanExporter;
}

export function createTracing(o: TracingOptions): Tracing {
  if (!o.endpoint && !o.exporter) return NO_TRACING;
  const exporter = o.exporter ?? new OTLPTraceExporter({ url: `${o.endpoint!.replace(/\/+$/, '')}/v1/traces` });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': process.env.OTEL_SERVICE_NAME || 'fundflow',
      'service.namespace': 'fundflow',
      'fundflow.role': o.role,
      'process.pid': process.pid,
    }),
    spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: 1000 })],
  });
  const tracer: Tracer = provider.getTracer('fundflow');
  const current = new AsyncLocalStorage<Context>();
  function span<T>(
    name: string,
    attributes: Attributes,
    fn: (span: Span) => T,
    opts: { kind?: SpanKind; root?: boolean } = {},
  ): T {
    const parent = opts.root ? ROOT_CONTEXT : (current.getStore() ?? ROOT_CONTEXT);
    const created = tracer.startSpan(name, { attributes, kind: opts.kind ?? SpanKind.INTERNAL }, parent);
    const ended = (err?: unknown) => {
      if (err) {
        created.recordException(err as Error);
        created.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
      }
      created.end();
    };
    return current.run(trace.setSpan(parent, created), () => {
      try {
        const result = fn(created);
        if (result && typeof (result as { then?: unknown }).then === 'function') {
          return (result as unknown as Promise<unknown>).then(
            (v) => (ended(), v),
            (err) => {
              ended(err);
              throw err;
            },
          ) as T;
        }
        ended();
        return result;
      } catch (err) {
        ended(err);
        throw err;
      }
    });
  }
  return {
    enabled: true,
    internals: { tracer, current },
    span,
    traceId() {
      const ctx = current.getStore();
      return ctx ? trace.getSpanContext(ctx)?.traceId : undefined;
    },
    async shutdown() {
      await provider.forceFlush().catch(() => undefined);
      await provider.shutdown().catch(() => undefined);
    },
  };
}

const NO_TRACING: Tracing = {
  enabled: false,
  span: (_name, _attributes, fn) =>
    fn(trace.wrapSpanContext({ traceId: '0'.repeat(32), spanId: '0'.repeat(16), traceFlags: 0 })),
  traceId: () => undefined,
  shutdown: async () => {},
  internals: null,
};

declare module 'fastify' {
  interface FastifyRequest {
    traceSpan?: Span;
  }
}

/**
 * A SERVER span per request, named by the route pattern once routing is known; the caller's
 * `traceparent` makes it part of the caller's trace. Installed first, so that the guards, the
 * session check, the handler and their queries are its children and log its trace id.
 */
export function installRequestTracing(app: FastifyInstance, tracing: Tracing) {
  if (!tracing.internals) return;
  const { tracer, current } = tracing.internals;
  app.decorateRequest('traceSpan', undefined);
  app.addHook('onRequest', (req, _reply, done) => {
    const header = req.headers.traceparent;
    const remote = typeof header === 'string' ? parseTraceParent(header) : null;
    const parent = remote ? trace.setSpanContext(ROOT_CONTEXT, remote) : ROOT_CONTEXT;
    const span = tracer.startSpan(
      `${req.method}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': req.method,
          'url.path': req.url.split('?')[0],
          'fundflow.request_id': req.id,
        },
      },
      parent,
    );
    req.traceSpan = span;
    current.run(trace.setSpan(parent, span), done);
  });
  app.addHook('onResponse', (req, reply, done) => {
    const span = req.traceSpan;
    if (span) {
      const route = req.routeOptions.url;
      if (route) {
        span.updateName(`${req.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      span.setAttribute('http.response.status_code', reply.statusCode);
      const user = (req as { user?: { id: string } | null }).user;
      if (user) span.setAttribute('enduser.id', user.id);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}

/** Wraps the named methods of an adapter in child spans (`<prefix>.<method>`), passing the rest through. */
export function traceMethods<T extends object>(
  target: T,
  tracing: Tracing,
  prefix: string,
  methods: (keyof T & string)[],
  attributes: Attributes = {},
): T {
  if (!tracing.internals) return target;
  const { current } = tracing.internals;
  // Only inside a traced operation: the projection runner's and the workers' polling would otherwise start a trace every few milliseconds.
  const traced =
    (fn: (...args: any[]) => any, name: string) =>
    (...args: unknown[]) =>
      current.getStore() ? tracing.span(`${prefix}.${name}`, attributes, () => fn(...args)) : fn(...args);
  return wrapMethods(
    target,
    Object.fromEntries(methods.map((m) => [m, traced])) as Parameters<typeof wrapMethods<T>>[1],
  );
}

/**
 * A span per Postgres query made inside a traced operation (queries of background pollers with no
 * span around them make none). Hooks each new client of the pool once.
 */
export function tracePool(pool: pg.Pool, tracing: Tracing) {
  if (!tracing.internals) return;
  const { current } = tracing.internals;
  const patched = new WeakSet<object>();
  pool.on('connect', (client) => {
    if (patched.has(client)) return;
    patched.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === 'string' ? first : first?.text;
      // Callback and submittable forms, and queries outside any span, pass straight through.
      if (!current.getStore() || typeof text !== 'string' || typeof args[args.length - 1] === 'function')
        return query(...args);
      return tracing.span(
        'pg.query',
        { 'db.system.name': 'postgresql', 'db.query.text': text.length > 2000 ? `${text.slice(0, 2000)}…` : text },
        () => query(...args),
        { kind: SpanKind.CLIENT },
      );
    };
  });
}

/**
 * Workflow activities in spans: one per activity call (a new trace per run step, with the
 * submission and attempt as attributes) and, inside `apply`, one per automation phase as the
 * browser reports it (the heartbeat the engines already take).
 */
export function traceActivities<T extends object>(activities: T, tracing: Tracing): T {
  const internals = tracing.internals;
  if (!internals) return activities;
  const wrapped = {} as Record<PropertyKey, unknown>;
  for (const key of Object.keys(activities) as (keyof T & string)[]) {
    const fn = activities[key];
    if (typeof fn !== 'function') {
      wrapped[key] = fn;
      continue;
    }
    wrapped[key] = (...args: unknown[]) => {
      const run = args[0] as { submissionId?: string; attemptId?: string } | undefined;
      const attrs: Attributes = run?.submissionId
        ? { 'fundflow.submission_id': run.submissionId, 'fundflow.attempt_id': run.attemptId ?? '' }
        : {};
      return tracing.span(`workflow.${key}`, attrs, () => {
        if (key !== 'apply') return (fn as (...a: unknown[]) => unknown).apply(activities, args);
        const { tracer, current } = internals;
        const parent = current.getStore()!;
        let phase: Span | undefined;
        const hooks = (args[1] ?? {}) as { heartbeat?: (step: string) => void };
        const heartbeat = (step: string) => {
          phase?.end();
          phase = tracer.startSpan(`automation.${step}`, { attributes: attrs }, parent);
          hooks.heartbeat?.(step);
        };
        const done = () => phase?.end();
        const result = (fn as (...a: unknown[]) => unknown).apply(activities, [
          args[0],
          { ...hooks, heartbeat },
          ...args.slice(2),
        ]) as Promise<unknown>;
        return result.then(
          (v) => (done(), v),
          (err) => {
            done();
            throw err;
          },
        );
      });
    };
  }
  return wrapped as T;
}
