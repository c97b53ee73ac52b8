import { createTemporalEngine } from '../src/engine/temporal/engine';
import { engineContract } from './engine.contract';

// Runs only where a Temporal server is reachable (TEMPORAL_ADDRESS, e.g. localhost:7233).
engineContract('Temporal', async (acts, stopLocal) => {
  const address = process.env.TEMPORAL_ADDRESS;
  if (!address) return 'TEMPORAL_ADDRESS is not set, so there is no Temporal server to test against';
  return createTemporalEngine({
    address,
    concurrency: 2,
    activities: acts,
    discovery: acts.discovery,
    stopLocal,
    worker: true,
  });
});
