import { backendEntryArgs, createTestDatabase, freePort, REPO_ROOT, type TestDatabase } from '@fp/infra';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { client, serverEnv } from './reliability/support';

// The compiled build as production runs it: `npm run build` output (dist/ of every backend
// package) started by `npm start`'s launcher with NODE_ENV=production: plain node, no tsx.

const METRICS_TOKEN = 'compiled-build-metrics-token';
let db: TestDatabase;
let server: ChildProcess | undefined;
let output = '';

function run(
  file: string,
  args: string[],
  env: Record<string, string>,
  timeout = 120_000,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      [file, ...args],
      { cwd: REPO_ROOT, env: { ...process.env, ...env }, timeout },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    ),
  );
}

beforeAll(async () => {
  db = await createTestDatabase(inject('pgAdminUrl'));
});

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  await db?.drop();
});

describe('the compiled build', () => {
  it("is current before any test starts a process: the run's global setup compiled what had changed", async () => {
    // The same compiler `npm run build` runs per package, which stamps each dist/ with its sources' hash.
    const script = pathToFileURL(path.join(REPO_ROOT, 'scripts/backend-build.mjs')).href;
    const { BACKEND_PACKAGES, packageBuildIsCurrent } = (await import(script)) as {
      BACKEND_PACKAGES: string[];
      packageBuildIsCurrent(root: string, pkg: string): boolean;
    };
    for (const pkg of BACKEND_PACKAGES) expect(packageBuildIsCurrent(REPO_ROOT, pkg), pkg).toBe(true);
    // So the tests' servers and CLI commands start from it (the CLI's spawns, reliability's servers).
    expect(backendEntryArgs('main')).toEqual(['--enable-source-maps', path.join(REPO_ROOT, 'backend/dist/main.js')]);
    const status = await run(backendEntryArgs('cli/index').at(-1)!, ['projections', 'status', '--json'], {
      DATABASE_URL: db.url,
    });
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout.trim().split('\n')[0]!)).toHaveProperty('name');
  });

  // 120 s: a production start took over 60 s at load about 16 (8 s on a quiet machine).
  it(
    'starts with NODE_ENV=production from dist/ with plain node, answers health and a signed-in request, and stops on SIGTERM',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const env = serverEnv(db.url, {
        NODE_ENV: 'production',
        APP_ENV: 'test',
        PORT: String(port),
        SANDBOX_PORT: '0',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fp-compiled-')),
        METRICS_TOKEN,
      });
      const t0 = performance.now();
      server = spawn(process.execPath, ['scripts/fundflow.mjs', 'start'], {
        cwd: REPO_ROOT,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout!.on('data', (d) => (output += d));
      server.stderr!.on('data', (d) => (output += d));
      const exited = new Promise<number | string | null>((resolve) =>
        server!.once('exit', (code, signal) => resolve(code ?? signal)),
      );
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`compiled server not ready in 90 s:\n${output}`)), 90_000);
        const check = () => {
          if (!output.includes('ready in')) return;
          clearTimeout(timer);
          resolve();
        };
        server!.stdout!.on('data', check);
        void exited.then((code) => reject(new Error(`compiled server exited with ${code}:\n${output}`)));
      });
      const readyMs = Math.round(performance.now() - t0);

      // Plain node on the compiled files: no tsx on the command line, none loaded by the launcher.
      const cmdline = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0');
      expect(cmdline.join(' ')).not.toContain('tsx');
      // Every line on stdout is a JSON log line of role all.
      const lines = output.split('\n').filter((l) => l.startsWith('{'));
      expect(lines.length).toBeGreaterThan(0);
      expect(JSON.parse(lines.find((l) => l.includes('ready in'))!)).toMatchObject({
        level: 'info',
        role: 'all',
        component: 'start',
      });

      const api = client(`http://127.0.0.1:${port}`);
      const health = await api('GET', '/api/health');
      expect(health.status, JSON.stringify(health.body)).toBe(200);

      const email = `compiled.${Date.now().toString(36)}@example.com`;
      const signUp = await api('POST', '/api/identity/sign-up/email', {
        body: { email, password: 'compiled-build-password', name: 'Compiled Founder' },
      });
      expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
      const token = signUp.body.token as string;
      expect(
        (
          await api('POST', '/api/auth/sync-user', {
            token,
            body: { id: signUp.body.user.id, email, firstName: 'Compiled', lastName: 'Founder' },
          })
        ).status,
      ).toBe(200);
      const me = await api('GET', '/api/auth/me', { token });
      expect(me.status, JSON.stringify(me.body)).toBe(200);
      expect(JSON.stringify(me.body)).toContain(email);

      const metrics = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(metrics.status).toBe(200);
      const me200 = (await metrics.text())
        .split('\n')
        .find(
          (l) =>
            l.startsWith('fundflow_http_request_duration_seconds_count{') &&
            l.includes('route="/api/auth/me"') &&
            l.includes('status_code="200"'),
        );
      expect(me200).toMatch(/role="all".* 1$/);

      // The image's HEALTHCHECK script: liveness by default, readiness when compose passes /api/ready.
      expect((await run('infra/docker/healthcheck.mjs', [], { PORT: String(port) })).code).toBe(0);
      expect((await run('infra/docker/healthcheck.mjs', [`http://127.0.0.1:${port}/api/ready`], {})).code).toBe(0);

      server.kill('SIGTERM');
      expect(await exited).toBe(0);
      console.log(`[compiled-build] NODE_ENV=production npm start (dist/) ready in ${readyMs} ms`);
    },
  );

  it('runs the CLI compiled too', async () => {
    const r = await run('scripts/fundflow.mjs', ['cli', 'projections', 'status', '--json'], {
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().length).toBeGreaterThan(0);
    for (const line of r.stdout.trim().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('says at once, with the install command, when there is no Chromium for the workers', async () => {
    const t0 = performance.now();
    const r = await run(
      'scripts/fundflow.mjs',
      ['worker'],
      { NODE_ENV: 'production', CHROMIUM_PATH: '/nonexistent/chromium', DATABASE_URL: db.url },
      20_000,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('No Chromium at /nonexistent/chromium');
    expect(r.stderr).toMatch(
      /Install it: +(sudo apt-get install -y chromium|npx playwright-core install chromium|sudo (apk|dnf|pacman))/,
    );
    expect(performance.now() - t0).toBeLessThan(10_000);
  });

  it('has a HEALTHCHECK script that fails when nothing answers', async () => {
    const port = await freePort();
    expect((await run('infra/docker/healthcheck.mjs', [], { PORT: String(port), METRICS_PORT: '' }, 20_000)).code).toBe(
      1,
    );
  });
});
