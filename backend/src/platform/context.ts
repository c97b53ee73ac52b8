import type { AppConfig, Db, EventStore } from '@fp/infra';
import type { ProjectionRunner } from '@fp/projections';
import type pg from 'pg';
import type { CommandMeta } from './decider';

interface Clock {
  now(): Date;
}

/**
 * The platform every module receives from the composition root (as `deps.ctx`). The services of
 * other modules are passed to each factory by name, never through this object.
 */
export interface AppContext {
  config: AppConfig;
  pool: pg.Pool;
  db: Db;
  store: EventStore;
  projections: ProjectionRunner;
  clock: Clock;
  newId(): string;
  /** Base URL of the local sandbox of test firm websites, when this process runs it (roles all/worker). */
  sandboxUrl?: string;
}

export function metaFor(ctx: Pick<AppContext, 'clock'>, actor: string, extra: Partial<CommandMeta> = {}): CommandMeta {
  return { now: ctx.clock.now(), actor, ...extra };
}

/**
 * A module's context: the platform, read through (never copied, so what the composition root sets
 * later, like the sandbox address, is seen), plus the named services and parts the module uses.
 */
export function moduleContext<T extends object>(platform: AppContext, own: T): AppContext & T {
  return Object.assign(Object.create(platform) as AppContext, own);
}
