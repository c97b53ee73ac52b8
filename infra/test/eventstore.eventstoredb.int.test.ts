import { afterAll, describe, it } from 'vitest';
import { EventStoreDbStore } from '../src/eventstore/eventstoredb';
import { eventStoreContract } from './eventstore.contract';

const url = process.env.EVENTSTORE_URL;
if (!url) {
  console.log(
    '[skip] EventStoreDB contract: EVENTSTORE_URL is not set (e.g. esdb://localhost:2113?tls=false from docker-compose).',
  );
  describe.skip('event store contract: eventstoredb (EVENTSTORE_URL unset)', () =>
    it('needs EVENTSTORE_URL', () => {}));
} else {
  const store = new EventStoreDbStore(url);
  afterAll(() => store.close());
  eventStoreContract('eventstoredb', async () => store, { multiStream: 'atomic' });
}
