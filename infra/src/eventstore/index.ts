export * from './types';
export { PostgresEventStore } from './postgres';
export { EventStoreDbStore } from './eventstoredb';
