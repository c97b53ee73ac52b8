import type { SystemSnapshot } from '@fp/contracts';
import { requireAdmin } from '../../platform/auth';
import { readOutboxDepth, readRunCounts } from '../../platform/metrics';
import type { AppModule } from '../../platform/module';
import { typedRoute } from '../../platform/typed-route';
import type { SystemDeps } from './context';

export interface SystemService {
  snapshot(): Promise<SystemSnapshot>;
}

/**
 * The operators' System page (/ops/system, docs/deploy.md): pool, projection lag, the run queue,
 * the mail outbox, and the last hour's request latency (p95) and error rate. The same figures
 * Prometheus scrapes, read for a person: the pool and HTTP figures are this API process's own.
 */
export function createSystemModule({ ctx, role, http }: SystemDeps): AppModule<SystemService> {
  const service: SystemService = {
    async snapshot() {
      const [projections, runs, mailOutbox, window] = await Promise.all([
        ctx.projections.status(),
        readRunCounts(ctx.db),
        readOutboxDepth(ctx.db),
        http.lastWindow(),
      ]);
      const pool = ctx.pool;
      return {
        at: ctx.clock.now().toISOString(),
        process: {
          role,
          pid: process.pid,
          uptimeSeconds: Math.round(process.uptime()),
          residentMemoryBytes: process.memoryUsage.rss(),
        },
        pool: {
          inUse: pool.totalCount - pool.idleCount,
          idle: pool.idleCount,
          max: pool.options.max ?? 0,
          waiting: pool.waitingCount,
        },
        projections: projections.map((p) => ({ name: p.name, status: p.status, lag: p.lag, error: p.error })),
        runs: { pending: runs.pending ?? 0, processing: runs.processing ?? 0 },
        mailOutbox,
        http: window,
      };
    },
  };
  return {
    name: 'system',
    service,
    routes(app) {
      typedRoute(app, 'opsSystem', 'GET', async (req) => {
        requireAdmin(req);
        return service.snapshot();
      });
    },
  };
}
