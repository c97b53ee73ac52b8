import { ConcurrencyError, type Db, type EventStore } from '@fp/infra';
import type { ProjectionRunner } from '@fp/projections';
import type { SearchIndex } from '@fp/projections';
import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type pg from 'pg';
import { wrapMethods } from './wrap-methods';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (docs/deploy.md lists them). One registry per runtime, built at
 * the composition root and handed to what records into it: no global registry, so several runtimes
 * in one process (tests) never mix their figures. Figures that live in the database (pool, lag,
 * queue, outbox) are read when scraped, not kept up to date.
 */
export interface Metrics {
  registry: Registry;
  httpSeconds: Histogram<'method' | 'route' | 'status_code'>;
  appendSeconds: Histogram<'op'>;
  appendConflicts: Counter<'op'>;
  applications: Counter<'outcome'>;
  searchSeconds: Histogram<'index' | 'op'>;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Events whose append means an application was submitted or came to an end (outcome label). */
const APPLICATION_EVENTS: Record<string, string> = {
  SubmissionRequested: 'requested',
  SubmissionCompleted: 'completed',
  SubmissionFailed: 'failed',
  SubmissionStopped: 'stopped',
};

export function createMetrics(opts: { role: string; processMetrics?: boolean }): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ role: opts.role });
  if (opts.processMetrics !== false) collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpSeconds: new Histogram({
      name: 'fundflow_http_request_duration_seconds',
      help: 'HTTP requests by route pattern, method and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: SECONDS,
      registers: [registry],
    }),
    appendSeconds: new Histogram({
      name: 'fundflow_eventstore_append_duration_seconds',
      help: 'Event store appends (op: append | appendMany), conflicts included',
      labelNames: ['op'],
      buckets: SECONDS,
      registers: [registry],
    }),
    appendConflicts: new Counter({
      name: 'fundflow_eventstore_append_conflicts_total',
      help: 'Appends refused for a wrong expected revision (ConcurrencyError)',
      labelNames: ['op'],
      registers: [registry],
    }),
    applications: new Counter({
      name: 'fundflow_applications_total',
      help: 'Applications by outcome, counted by the process that appended the event (requested, completed, failed, stopped)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    searchSeconds: new Histogram({
      name: 'fundflow_search_duration_seconds',
      help: 'Catalog searches through the search index, by index kind and operation',
      labelNames: ['index', 'op'],
      buckets: SECONDS,
      registers: [registry],
    }),
  };
}

/**
 * Gauges read from the process and the database on each scrape: the pool, projection lag, the
 * runs and the mail outbox. The database-wide ones (runs, queue, outbox, lag) are the same from
 * every process: aggregate them with max(), not sum().
 */
export function addScrapeGauges(
  metrics: Metrics,
  src: { pool: pg.Pool; db: Db; projections: ProjectionRunner; poolMax: number },
) {
  const registers = [metrics.registry];
  new Gauge({
    name: 'fundflow_db_pool_connections',
    help: "Connections of this process's Postgres pool by state (in_use, idle), and its maximum (max)",
    labelNames: ['state'],
    registers,
    collect() {
      this.set({ state: 'in_use' }, src.pool.totalCount - src.pool.idleCount);
      this.set({ state: 'idle' }, src.pool.idleCount);
      this.set({ state: 'max' }, src.poolMax);
    },
  });
  new Gauge({
    name: 'fundflow_db_pool_waiting',
    help: 'Queries of this process waiting for a pool connection',
    registers,
    collect() {
      this.set(src.pool.waitingCount);
    },
  });
  new Gauge({
    name: 'fundflow_projection_lag_events',
    help: 'Committed events a projection has not applied yet',
    labelNames: ['projection'],
    registers,
    async collect() {
      for (const p of await src.projections.status().catch(() => [])) this.set({ projection: p.name }, p.lag);
    },
  });
  new Gauge({
    name: 'fundflow_projection_failed',
    help: '1 when a projection stopped on an error (the projections process must be restarted or the projection resumed)',
    labelNames: ['projection'],
    registers,
    async collect() {
      const rows = await src.db
        .selectFrom('projection_checkpoints')
        .select(['name', 'status'])
        .execute()
        .catch(() => []);
      for (const r of rows as { name: string; status: string }[])
        this.set({ projection: r.name }, r.status === 'failed' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'fundflow_workflow_runs',
    help: 'Submissions (workflow runs) by status: pending, processing, completed, failed, stopped',
    labelNames: ['status'],
    registers,
    async collect() {
      const counts = await readRunCounts(src.db).catch(() => null);
      if (!counts) return;
      this.reset();
      for (const [status, n] of Object.entries(counts)) this.set({ status }, n);
    },
  });
  new Gauge({
    name: 'fundflow_workflow_queue_depth',
    help: 'Submissions waiting for a worker (status pending)',
    registers,
    async collect() {
      const r = await src.db
        .selectFrom('submissions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirst()
        .catch(() => null);
      if (r) this.set(Number(r.n));
    },
  });
  new Gauge({
    name: 'fundflow_mail_outbox_depth',
    help: 'E-mails queued or waiting for another try',
    registers,
    async collect() {
      const n = await readOutboxDepth(src.db).catch(() => null);
      if (n !== null) this.set(n);
    },
  });
}

/** Submissions (workflow runs) by status, from the read model. */
export async function readRunCounts(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('submissions')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const out: Record<string, number> = { pending: 0, processing: 0, completed: 0, failed: 0, stopped: 0 };
  for (const r of rows) out[String(r.status)] = Number(r.n);
  return out;
}

/** E-mails queued or waiting for another try. */
export async function readOutboxDepth(db: Db): Promise<number> {
  const r = await db
    .selectFrom('mail_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', ['queued', 'retrying'])
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** The event store port, timing appends, counting conflicts and the applications' events it writes. */
export function measureEventStore(store: EventStore, metrics: Metrics): EventStore {
  const countApplications = (events: { type: string }[]) => {
    for (const e of events) {
      const outcome = APPLICATION_EVENTS[e.type];
      if (outcome) metrics.applications.inc({ outcome });
    }
  };
  const timed =
    (fn: (...args: any[]) => Promise<any>, op: string) =>
    async (...args: any[]) => {
      const end = metrics.appendSeconds.startTimer({ op });
      try {
        const result = await fn(...args);
        if (op === 'append') countApplications(args[1]);
        else for (const a of args[0]) countApplications(a.events);
        return result;
      } catch (err) {
        if (err instanceof ConcurrencyError) metrics.appendConflicts.inc({ op });
        throw err;
      } finally {
        end();
      }
    };
  return wrapMethods(store, { append: timed, appendMany: timed });
}

/** The search index port, timing the searches callers wait for. */
export function measureSearchIndex(index: SearchIndex, metrics: Metrics): SearchIndex {
  const timed =
    (fn: (...args: any[]) => Promise<any>, op: string) =>
    async (...args: any[]) => {
      const end = metrics.searchSeconds.startTimer({ index: index.kind, op });
      try {
        return await fn(...args);
      } finally {
        end();
      }
    };
  return wrapMethods(index, {
    searchVcFirms: timed,
    vcFirmIds: timed,
    vcFacets: timed,
    searchAngels: timed,
    angelIds: timed,
    angelFacets: timed,
  });
}

/** True when the request may read the metrics: no token configured, or the right bearer token. */
function mayScrape(token: string | undefined, authorization: string | undefined): boolean {
  if (!token) return true;
  const given = Buffer.from(authorization ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * Times every request by its route pattern (`/api/submissions/:id`, never the raw URL, so the
 * label set stays small) and serves GET /metrics on the app's port.
 */
export function installHttpMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? (reply.statusCode === 404 ? 'not_found' : 'unmatched');
    if (route === '/metrics') return;
    metrics.httpSeconds.observe(
      { method: req.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', async (req, reply) => {
    if (!mayScrape(token, req.headers.authorization))
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: 'Metrics need the bearer token (METRICS_TOKEN)' });
    const body = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(body);
  });
}

/** /metrics for a role without an HTTP server (projections, worker), on METRICS_PORT. */
export async function serveMetrics(
  metrics: Metrics,
  o: { port: number; host: string; token: string | undefined },
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Not found' }));
      return;
    }
    if (!mayScrape(o.token, req.headers.authorization)) {
      res
        .writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' })
        .end(JSON.stringify({ error: 'Metrics need the bearer token (METRICS_TOKEN)' }));
      return;
    }
    metrics.registry.metrics().then(
      (body) =>
        res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(body),
      (err: Error) =>
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: err.message })),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(o.port, o.host, () => resolve()));
  const addr = server.address();
  return {
    port: typeof addr === 'object' && addr ? addr.port : o.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Requests over a trailing window: how many, how many 5xx, and the p95 from the histogram's buckets. */
export interface HttpWindowFigures {
  windowMinutes: number;
  requests: number;
  errors: number;
  errorRate: number;
  /** Upper bound of the bucket holding the 95th percentile, ms (null without requests, or above the largest bucket, 10 s). */
  p95Ms: number | null;
}

interface HttpTotals {
  at: number;
  count: number;
  errors: number;
  /** Cumulative count per bucket upper bound (seconds), summed over routes. */
  buckets: Map<number, number>;
}

/**
 * The last hour of the HTTP histogram, for the System page: the histogram is cumulative since the
 * process started, so a snapshot is kept each minute and the window is now minus the snapshot of
 * an hour ago (or the process start). Per process.
 */
export function createHttpWindow(metrics: Metrics, minutes = 60) {
  const totals = async (): Promise<HttpTotals> => {
    const { values } = await metrics.httpSeconds.get();
    const buckets = new Map<number, number>();
    let count = 0;
    let errors = 0;
    for (const v of values) {
      const labels = v.labels as Record<string, string | number | undefined>;
      if (v.metricName?.endsWith('_bucket')) {
        const le = labels.le === '+Inf' ? Infinity : Number(labels.le);
        buckets.set(le, (buckets.get(le) ?? 0) + v.value);
      } else if (v.metricName?.endsWith('_count')) {
        count += v.value;
        if (String(labels.status_code ?? '').startsWith('5')) errors += v.value;
      }
    }
    return { at: Date.now(), count, errors, buckets };
  };
  const snapshots: HttpTotals[] = [{ at: Date.now(), count: 0, errors: 0, buckets: new Map() }];
  return {
    /** Called once a minute (runtime.ts): keeps the snapshots of the last `minutes`. */
    async tick() {
      snapshots.push(await totals());
      const oldest = Date.now() - minutes * 60_000;
      while (snapshots.length > 1 && snapshots[1]!.at <= oldest) snapshots.shift();
    },
    async lastWindow(): Promise<HttpWindowFigures> {
      const now = await totals();
      const from = snapshots[0]!;
      const requests = now.count - from.count;
      const errors = now.errors - from.errors;
      let p95Ms: number | null = null;
      if (requests > 0) {
        const target = requests * 0.95;
        for (const le of [...now.buckets.keys()].sort((a, b) => a - b)) {
          if ((now.buckets.get(le) ?? 0) - (from.buckets.get(le) ?? 0) >= target) {
            p95Ms = Number.isFinite(le) ? le * 1000 : null;
            break;
          }
        }
      }
      return {
        windowMinutes: Math.min(minutes, Math.max(1, Math.round((now.at - from.at) / 60_000))),
        requests,
        errors,
        errorRate: requests ? errors / requests : 0,
        p95Ms,
      };
    },
  };
}
export type HttpWindow = ReturnType<typeof createHttpWindow>;
