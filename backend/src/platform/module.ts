import type { FastifyInstance } from 'fastify';
import type { Projection } from '@fp/projections';
import type { AppContext } from './context';

/**
 * A module: one folder under backend/src/modules with one index.ts. The composition root calls
 * `init` (to publish services), collects projections, then registers routes.
 */
export interface Module {
  name: string;
  projections?: (ctx: AppContext) => Projection[];
  init?: (ctx: AppContext) => void | Promise<void>;
  routes?: (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;
  /** Hooks that must run before the session check on every request (IP blocks, rate limits). */
  guards?: (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;
  /** /api paths this module serves without a session (webhooks, honeypots). */
  publicPaths?: RegExp[];
  /** Background work started with the app (workers, timers); returns a stopper. */
  start?: (ctx: AppContext) => Promise<() => Promise<void>>;
}
