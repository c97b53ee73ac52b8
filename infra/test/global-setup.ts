import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/postgres';
import { REPO_ROOT } from '../src/config';
import { createTestTemplate, TEST_BUILD_ENV, TEST_TEMPLATE_ENV } from '../src/testing';

// One template name for the whole run: every project's workers read it from the environment, and
// each server (one per project, or the one TEST_DATABASE_ADMIN_URL names) holds its own copy.
const TEMPLATE = `fp_tpl_${process.pid}`;
// Projects share this process: an external server shared by several projects is migrated once.
const templates = ((globalThis as Record<string, unknown>).__fpTestTemplates ??= new Map()) as Map<
  string,
  Promise<void>
>;

// Once per run: compile the backend packages whose dist/ is not their sources' (scripts/backend-build.mjs).
const built = ((globalThis as Record<string, unknown>).__fpTestBuild ??= compileBackend()) as Promise<void>;
async function compileBackend() {
  const script = pathToFileURL(path.join(REPO_ROOT, 'scripts', 'backend-build.mjs')).href;
  try {
    const { ensureBackendBuild } = (await import(script)) as { ensureBackendBuild(root: string): Promise<string[]> };
    const compiled = await ensureBackendBuild(REPO_ROOT);
    if (compiled.length) console.log(`[test] compiled ${compiled.join(', ')} (their sources had changed)`);
    process.env[TEST_BUILD_ENV] = '1';
  } catch (err) {
    // The sources through tsx then: a compile error shows in the tests that load them.
    console.warn(`[test] the backend did not compile, child processes load its sources: ${(err as Error).message}`);
  }
}

async function prepareTemplate(adminUrl: string) {
  if (!templates.has(adminUrl)) templates.set(adminUrl, createTestTemplate(adminUrl, TEMPLATE));
  await templates.get(adminUrl);
  process.env[TEST_TEMPLATE_ENV] = TEMPLATE;
}

/**
 * One real PostgreSQL server for the test run (int and e2e projects), with a migrated template
 * database; each test file makes its own database with createTestDatabase(), a copy of the template.
 * TEST_DATABASE_ADMIN_URL points the run at an existing server.
 */
export default async function setup(project: TestProject) {
  await built;
  const external = process.env.TEST_DATABASE_ADMIN_URL;
  if (external) {
    project.provide('pgAdminUrl', external);
    await prepareTemplate(external);
    return async () => {
      if (!templates.delete(external)) return;
      const c = new pg.Client({ connectionString: external });
      await c.connect();
      await c.query(`drop database if exists ${TEMPLATE} with (force)`).catch(() => undefined);
      await c.end();
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'fp-test-pg-'));
  // Postgres runs as its own user and must be able to enter the folder.
  await chmod(dir, 0o755);
  const pg0 = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), durable: false });
  project.provide('pgAdminUrl', pg0.adminUrl);
  await prepareTemplate(pg0.adminUrl);
  return async () => {
    templates.delete(pg0.adminUrl);
    await pg0.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
