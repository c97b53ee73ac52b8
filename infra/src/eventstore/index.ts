import type pg from 'pg';
import { EventStoreDbStore } from './eventstoredb';
import { PostgresEventStore } from './postgres';
import type { EventStore } from './types';

export * from './types';
export { PostgresEventStore } from './postgres';
export { EventStoreDbStore } from './eventstoredb';

/** EVENTSTORE_URL selects EventStoreDB; otherwise the embedded Postgres store on the app's database. */
export function createEventStore(pool: pg.Pool, eventStoreUrl?: string): EventStore {
  return eventStoreUrl ? new EventStoreDbStore(eventStoreUrl) : new PostgresEventStore(pool);
}
