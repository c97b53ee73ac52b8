import type { FastifyInstance } from 'fastify';
import type { Projection } from '@fp/projections';
import type { AuditorRoute } from './auth';

/**
 * A module as its factory builds it: `createXModule(deps)` receives the platform (`ctx`) and the
 * services of the modules it uses, and returns this. Only the composition root (runtime.ts) calls
 * factories, in dependency order, and only it picks adapters (search index, mail, payments…).
 */
export interface AppModule<S = unknown> {
  name: string;
  /** What other modules may use (passed to their factories by the composition root). */
  service: S;
  projections?: Projection[];
  /** Hooks that must run before the session check on every request (IP blocks, rate limits). */
  guards?: (app: FastifyInstance) => void | Promise<void>;
  routes?: (app: FastifyInstance) => void | Promise<void>;
  /** /api paths this module serves without a session (webhooks, honeypots). */
  publicPaths?: RegExp[];
  /** The only routes of this module a read-only auditor may call (every other route answers them 403). */
  auditorRoutes?: AuditorRoute[];
  /** Background work started with the app in roles all/worker (workers, timers); returns a stopper. */
  start?: () => Promise<() => Promise<void>>;
}
