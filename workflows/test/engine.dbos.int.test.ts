import { createTestDatabase, type TestDatabase } from '@fp/infra';
import { afterAll, inject } from 'vitest';
import { createDbosEngine } from '../src/engine/dbos';
import { engineContract } from './engine.contract';

let db: TestDatabase | undefined;
afterAll(async () => db?.drop());

engineContract(
  'DBOS on Postgres',
  async (acts, stopLocal) => {
    db = await createTestDatabase(inject('pgAdminUrl'), { migrate: false });
    return createDbosEngine({
      databaseUrl: db.url,
      concurrency: 2,
      activities: acts,
      discovery: acts.discovery,
      stopLocal,
      pollMs: 100,
      recoveryMs: 300,
    });
  },
  { stepFaults: true },
);
