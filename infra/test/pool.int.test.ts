import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/testing';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
});
afterAll(async () => tdb?.drop());

// pg-pool takes its own error listener off a client while it is checked out (a transaction between two
// statements, kysely holding it): a lost connection then emitted 'error' on a client nobody listened
// to, and Node turned that into an uncaught exception that ends the process — a database restart or
// failover took the app down with it.
it('a connection lost while checked out is reported, not thrown out of the process', async () => {
  const client = await tdb.pool.connect();
  try {
    expect(() => client.emit('error', new Error('socket reset'))).not.toThrow();
  } finally {
    client.release(true);
  }

  const held = await tdb.pool.connect();
  const { rows } = await held.query<{ pid: number }>('select pg_backend_pid() as pid');
  const ended = new Promise<void>((resolve) => held.once('end', () => resolve()));
  const cut = await tdb.pool.query('select pg_terminate_backend($1) as ok', [rows[0].pid]);
  expect(cut.rows[0].ok).toBe(true);
  await Promise.race([
    ended,
    new Promise((_, reject) => setTimeout(() => reject(new Error('the cut client never ended')), 10_000)),
  ]);
  held.release(true);
  // The pool opens a fresh connection and goes on serving.
  expect((await tdb.pool.query('select 1 as one')).rows[0].one).toBe(1);
});
