import type { RecordedEvent, Tx } from '@fp/infra';
import type { Projection } from './runtime';

/**
 * The one projection loop: a batch's events in order, each handed to `handle` as the module's own
 * event union (plus the recorded event, for its time and position), inside the batch's transaction.
 */
export function eachEvent<E extends { type: string; data: unknown }>(
  handle: (tx: Tx, event: E, recorded: RecordedEvent) => Promise<void>,
): Projection['apply'] {
  return async (tx, events) => {
    for (const e of events) await handle(tx, { type: e.type, data: e.data } as E, e);
  };
}
