import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/postgres';

/**
 * One real PostgreSQL server for the whole test run (int and e2e projects); each test file makes its
 * own database with createTestDatabase(). TEST_DATABASE_ADMIN_URL points the run at an existing server.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_ADMIN_URL) {
    project.provide('pgAdminUrl', process.env.TEST_DATABASE_ADMIN_URL);
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'fp-test-pg-'));
  // Postgres runs as its own user and must be able to enter the folder.
  await chmod(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), durable: false });
  project.provide('pgAdminUrl', pg.adminUrl);
  return async () => {
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
