import type { AppConfig, Db, EventStore } from '@fp/infra';
import type { ProjectionRunner } from '@fp/projections';
import type pg from 'pg';
import type { CommandMeta } from './decider';

export interface Clock {
  now(): Date;
}

/** What every module receives from the composition root. Modules add their services to `services`. */
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
  /** Public services of modules, wired once at the composition root. */
  services: Services;
}

// Each module declares its service here (declaration merging keeps modules independent).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Services {}

export function metaFor(ctx: Pick<AppContext, 'clock'>, actor: string, extra: Partial<CommandMeta> = {}): CommandMeta {
  return { now: ctx.clock.now(), actor, ...extra };
}
