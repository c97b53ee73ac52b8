import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { LimitClass } from '@fp/contracts';
import { REPO_ROOT } from '@fp/infra';
import { installSessionCheck } from './platform/auth';
import type { AppContext } from './platform/context';
import { installErrorHandler } from './platform/http';
import type { AppModule } from './platform/module';
import type { IdentityProvider } from './platform/identity/port';
import { fastifyLogging, installRequestContext, type Logging } from './platform/logging';
import { installRequestTracing, type Tracing } from './platform/tracing';
import { installHttpMetrics, type Metrics } from './platform/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    routeList: { method: string; url: string; limit?: LimitClass }[];
  }
}

export const FRONTEND_DIST = path.join(REPO_ROOT, 'frontend', 'dist');

export interface BuildAppOptions {
  ctx: AppContext;
  identity: IdentityProvider;
  modules: AppModule[];
  logger?: boolean;
  /** Extra public /api paths (e.g. honeypots that must be reachable without a session). */
  publicPaths?: RegExp[];
  /** Request timings per route and GET /metrics (token: METRICS_TOKEN). */
  metrics?: { metrics: Metrics; token?: string };
  /** The process's structured logging: one JSON line per request, with request, user, submission and trace ids. */
  logging?: Logging;
  /** A span per request (OpenTelemetry), when tracing is on. */
  tracing?: Tracing;
}

/** The HTTP app: session check, modules' routes, and the built frontend with SPA fallback. */
export async function buildApp({
  ctx,
  identity,
  modules,
  logger = false,
  publicPaths = [],
  metrics,
  logging,
  tracing,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logging ? fastifyLogging(logging) : { logger }),
    bodyLimit: 2 * 1024 * 1024,
    // Only a configured proxy may speak for the client's address (X-Forwarded-For); never any client.
    trustProxy: ctx.config.trustProxy,
    routerOptions: { maxParamLength: 500 },
  });
  // Every route, as registered: the authorization matrix test walks this list.
  const routes: FastifyInstance['routeList'] = [];
  app.decorate('routeList', routes);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: r.url, limit: r.config?.limit });
  });
  installErrorHandler(app);
  if (tracing) installRequestTracing(app, tracing);
  if (logging) installRequestContext(app, logging);
  if (metrics) installHttpMetrics(app, metrics.metrics, metrics.token);
  for (const m of modules) await m.guards?.(app);
  installSessionCheck(
    app,
    identity,
    ctx.db,
    [...publicPaths, ...modules.flatMap((m) => m.publicPaths ?? [])],
    modules.flatMap((m) => m.auditorRoutes ?? []),
  );
  await identity.mount(app);
  for (const m of modules) await m.routes?.(app);

  const hasFrontend = existsSync(path.join(FRONTEND_DIST, 'index.html'));
  // The public deck viewer is a page of its own (frontend/viewer.html): an investor loads the viewer, not the app.
  const viewerPage = existsSync(path.join(FRONTEND_DIST, 'viewer.html')) ? 'viewer.html' : 'index.html';
  if (hasFrontend) await app.register(fastifyStatic, { root: FRONTEND_DIST, wildcard: false, index: false });
  // Client-side routes (/, /vc-database, …) all load the single page; unknown /api paths stay JSON 404s.
  app.setNotFoundHandler((req, reply) => {
    const p = req.url.split('?')[0]!;
    if (!hasFrontend || p.startsWith('/api/') || req.method !== 'GET')
      return reply.status(404).send({ error: `Not found: ${req.method} ${p}` });
    const page = /^\/d\/[^/]+\/?$/.test(p) ? viewerPage : 'index.html';
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile(page);
  });
  return app;
}
