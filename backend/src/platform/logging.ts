import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';
import { pino, type DestinationStream, type Logger } from 'pino';

/** What a log line says it belongs to, when known: set per request and per workflow step. */
interface LogContext {
  userId?: string;
  submissionId?: string;
  attemptId?: string;
  /** W3C trace id: the active span's, else the one the caller sent in `traceparent`. */
  traceId?: string;
}

/**
 * The process's logging: one pino logger writing JSON lines (docs/deploy.md, "Logs"), and the
 * context that every line written inside a request or a workflow step carries. Built at the
 * composition root; nothing here is module-level state.
 */
export interface Logging {
  logger: Logger;
  context: AsyncLocalStorage<LogContext>;
  /** The runtime's plain `log(message)`: a leading `[component]` becomes the `component` field. */
  log(message: string): void;
  /** Runs `fn` with these fields added to every line it logs (nested contexts add to the outer one). */
  withContext<T>(fields: LogContext, fn: () => T): T;
}

export interface LoggingOptions {
  role: string;
  /** pino level (LOG_LEVEL): trace, debug, info, warn, error, fatal, silent. */
  level?: string;
  /** 'json' (one object per line) or 'pretty' (a short readable line, for a terminal). */
  format?: 'json' | 'pretty';
  /** Where lines go (stdout by default). */
  destination?: DestinationStream;
  /** Adds the trace id of the active span, when tracing is on. */
  activeTraceId?: () => string | undefined;
}

const COMPONENT = /^\[([\w:-]+)\]\s*([\s\S]*)$/;

export function createLogging(o: LoggingOptions): Logging {
  const context = new AsyncLocalStorage<LogContext>();
  const out =
    o.destination ?? (o.format === 'pretty' ? prettyStream(process.stdout) : pino.destination({ fd: 1, sync: true }));
  const logger = pino(
    {
      level: o.level ?? 'info',
      base: { role: o.role, pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin() {
        const store = context.getStore();
        const traceId = o.activeTraceId?.();
        if (!store && !traceId) return {};
        return traceId ? { ...store, traceId } : { ...store };
      },
      // What the call itself gives wins over the context.
      mixinMergeStrategy: (mergeObject, mixinObject) => ({ ...mixinObject, ...mergeObject }),
    },
    out,
  );
  return {
    logger,
    context,
    log(message) {
      const m = COMPONENT.exec(message);
      if (m) logger.info({ component: m[1] }, m[2]!);
      else logger.info(message);
    },
    withContext(fields, fn) {
      return context.run({ ...context.getStore(), ...fields }, fn);
    },
  };
}

/** The trace id of a W3C `traceparent` header (version-traceid-spanid-flags), if well formed. */
export function traceIdOf(traceparent: string | string[] | undefined): string | undefined {
  const v = Array.isArray(traceparent) ? traceparent[0] : traceparent;
  const m = v ? /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}$/.exec(v.trim()) : null;
  return m && !/^0+$/.test(m[1]!) ? m[1] : undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    logContext?: LogContext;
  }
}

/**
 * One line per request (Fastify's two default lines are off): method, route pattern, path, status,
 * time, with the request id (Fastify's child logger) and the user and submission once known.
 */
class RequestLines extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply) {
    const line = {
      ...req.logContext,
      method: req.method,
      route: req.routeOptions.url ?? null,
      path: req.url.split('?')[0],
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error || reply.statusCode >= 500) reply.log.error({ ...line, err: error ?? undefined }, 'request');
    else reply.log.info(line, 'request');
  }
}

/** Fastify's logging options for this process's logger: our request lines, request ids across proxies. */
export function fastifyLogging(logging: Logging) {
  return {
    loggerInstance: logging.logger as FastifyBaseLogger,
    logController: new RequestLines(),
    // A proxy's request id is kept (one id across hops); otherwise a new one.
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  };
}

/**
 * Every request runs in a log context (its lines carry the trace id, then the user id once the
 * session check has found the user, and the submission id of /submissions/:id routes). Installed
 * before the guards so that their lines carry it too.
 */
export function installRequestContext(app: FastifyInstance, logging: Logging) {
  app.decorateRequest('logContext', undefined);
  app.addHook('onRequest', (req, reply, done) => {
    const store: LogContext = {};
    const traceId = traceIdOf(req.headers.traceparent);
    if (traceId) store.traceId = traceId;
    req.logContext = store;
    reply.header('x-request-id', req.id);
    logging.context.run(store, done);
  });
  app.addHook('preHandler', (req, _reply, done) => {
    const store = req.logContext;
    if (store) {
      const user = (req as { user?: { id: string } | null }).user;
      if (user) store.userId = user.id;
      const id = (req.params as Record<string, unknown> | undefined)?.id;
      if (typeof id === 'string' && /\/submissions\/:id(\/|$)/.test(req.routeOptions.url ?? ''))
        store.submissionId = id;
    }
    done();
  });
}

const LEVEL_COLOURS: Record<string, string> = {
  trace: '90',
  debug: '90',
  info: '36',
  warn: '33',
  error: '31',
  fatal: '31',
};
const SHOWN_FIRST = ['time', 'level', 'role', 'pid', 'component', 'msg', 'hostname'];

/**
 * A small stand-in for pino-pretty (not installed): `12:00:01.234 INFO  [api] message key=value`.
 * Development only; production writes the JSON lines as they are.
 */
export function prettyStream(out: NodeJS.WritableStream): DestinationStream {
  const colour = 'isTTY' in out && (out as { isTTY?: boolean }).isTTY;
  return {
    write(line: string) {
      let o: Record<string, unknown>;
      try {
        o = JSON.parse(line);
      } catch {
        out.write(line);
        return;
      }
      const level = String(o.level ?? 'info');
      const time = typeof o.time === 'string' ? o.time.slice(11, 23) : '';
      const tag = colour
        ? `\x1b[${LEVEL_COLOURS[level] ?? '0'}m${level.toUpperCase().padEnd(5)}\x1b[0m`
        : level.toUpperCase().padEnd(5);
      const where = o.component ? `[${o.component}] ` : '';
      const rest = Object.entries(o)
        .filter(([k]) => !SHOWN_FIRST.includes(k))
        .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
        .join(' ');
      out.write(`${time} ${tag} ${where}${o.msg ?? ''}${rest ? `  ${rest}` : ''}\n`);
    },
  };
}

/**
 * Workflow activities whose lines carry the run's submission and attempt ids: each call whose
 * first argument is a run ({ submissionId, attemptId }) runs in that log context.
 */
export function withRunContext<T extends object>(activities: T, logging: Logging): T {
  const wrapped = {} as Record<PropertyKey, unknown>;
  for (const key of Object.keys(activities) as (keyof T)[]) {
    const fn = activities[key];
    if (typeof fn !== 'function') {
      wrapped[key as PropertyKey] = fn;
      continue;
    }
    wrapped[key as PropertyKey] = (...args: unknown[]) => {
      const run = args[0] as { submissionId?: unknown; attemptId?: unknown } | undefined;
      const call = () => (fn as (...a: unknown[]) => unknown).apply(activities, args);
      if (!run || typeof run.submissionId !== 'string') return call();
      return logging.withContext(
        { submissionId: run.submissionId, attemptId: typeof run.attemptId === 'string' ? run.attemptId : undefined },
        call,
      );
    };
  }
  return wrapped as T;
}
