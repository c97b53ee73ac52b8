import { loadConfig, REPO_ROOT } from '@fp/infra';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// What can be checked of the container setup without a Docker engine: the compose file's app roles,
// the environment each gets, and that the Dockerfile copies what exists. The compiled start itself
// is compiled-build.int.test.ts.

const compose = parse(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, any>;
};
const dockerfile = readFileSync(path.join(REPO_ROOT, 'infra/docker/Dockerfile'), 'utf8');
const appServices = Object.entries(compose.services).filter(
  ([, s]) => s.profiles?.includes('app') && s.image === 'fundflow:latest',
);
const roleOf = (s: any) => (s.command as string[]).find((a) => a.startsWith('--role='))?.slice(7);

/** Compose's interpolation of ${VAR:-default} and ${VAR:?error} with the given operator values. */
function interpolate(env: Record<string, string>, given: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) {
    out[k] = String(v).replace(
      /\$\{(\w+)(?::([-?])([^}]*))?\}/g,
      (_m, name: string, op: string | undefined, arg: string | undefined) => {
        if (given[name] !== undefined) return given[name]!;
        if (op === '?') throw new Error(`${k}: compose refuses to start without ${name} (${arg})`);
        return arg ?? '';
      },
    );
  }
  return out;
}

describe('docker-compose.yml: the app roles', () => {
  it('runs two API replicas, one projection runner and two workers from one image, the role chosen by the command', () => {
    const roles = appServices.map(([, s]) => roleOf(s)).sort();
    expect(roles).toEqual(['api', 'api', 'projections', 'worker', 'worker']);
    for (const [name, s] of appServices)
      expect(s.command.slice(0, 3), name).toEqual(['node', '--enable-source-maps', 'backend/dist/main.js']);
  });

  it('puts the proxy in front of both API replicas once they are ready, and the app after the database is healthy', () => {
    const proxy = compose.services.proxy;
    const apis = appServices.filter(([, s]) => roleOf(s) === 'api').map(([n]) => n);
    expect(Object.keys(proxy.depends_on).sort()).toEqual(apis.sort());
    for (const n of apis) {
      expect(proxy.depends_on[n]).toEqual({ condition: 'service_healthy' });
      // Readiness, not liveness, decides when the proxy starts.
      expect(compose.services[n].healthcheck.test.join(' ')).toContain('/api/ready');
    }
    const nginx = readFileSync(path.join(REPO_ROOT, 'infra/docker/nginx.conf'), 'utf8');
    for (const n of apis) expect(nginx).toContain(`server ${n}:3000`);
    for (const [name, s] of appServices) expect(s.depends_on.postgres, name).toEqual({ condition: 'service_healthy' });
  });

  it('gives each worker its own DBOS executor id and Chromium enough shared memory; roles without a port expose /metrics on METRICS_PORT', () => {
    const workers = appServices.filter(([, s]) => roleOf(s) === 'worker');
    const ids = workers.map(([, s]) => s.environment.DBOS_EXECUTOR_ID);
    expect(new Set(ids).size).toBe(workers.length);
    for (const [name, s] of workers) expect(s.shm_size, name).toBe('1gb');
    for (const [name, s] of appServices.filter(([, s]) => roleOf(s) !== 'api'))
      expect(s.environment.METRICS_PORT, name).toBe('9464');
  });

  it('passes every role the settings the processes must share (docs/scale-out.md) and refuses to start without the secrets', () => {
    const given = {
      AUTH_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://fundflow.example',
      METRICS_TOKEN: 'scrape-token',
    };
    const envs = appServices.map(([name, s]) => [name, interpolate(s.environment, given)] as const);
    const shared = [
      'DATABASE_URL',
      'EVENTSTORE_URL',
      'MEILI_URL',
      'TEMPORAL_ADDRESS',
      'SUPERTOKENS_URL',
      'AUTH_SECRET',
      'PUBLIC_URL',
      'METRICS_TOKEN',
      'DATA_DIR',
      'SECURITY_TRUSTED_PROXIES',
    ];
    for (const key of shared) expect(new Set(envs.map(([, e]) => e[key])).size, `${key} differs between roles`).toBe(1);
    for (const [name, env] of envs) {
      const config = loadConfig(env);
      expect(config.environment, name).toBe('production');
      expect(config.metricsToken, name).toBe('scrape-token');
      expect(config.databaseUrl, name).toMatch(/^postgres:\/\/.*@postgres:5432\//);
    }
    for (const missing of Object.keys(given)) {
      const rest = Object.fromEntries(Object.entries(given).filter(([k]) => k !== missing));
      expect(() => interpolate(appServices[0]![1].environment, rest)).toThrow(missing);
    }
  });
});

describe('infra/docker/Dockerfile', () => {
  it("builds in stages, runs as a non-root user with Debian's Chromium, tini and a HEALTHCHECK, and defaults to role all compiled", () => {
    expect(dockerfile.match(/^FROM /gm)!.length).toBeGreaterThanOrEqual(3);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/apt-get install[^\n]* chromium/);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*healthcheck\.mjs/m);
    expect(dockerfile).toMatch(/^ENV NODE_ENV=production/m);
    expect(dockerfile).toContain('CMD ["node", "--enable-source-maps", "backend/dist/main.js", "--role=all"]');
  });

  it('copies only what the repository has or the build makes', () => {
    const copied = [...dockerfile.matchAll(/^COPY (?:--from=(\w[\w-]*) )?(\S+) \S+$/gm)].map((m) => ({
      stage: m[1],
      from: m[2]!.replace(/^\/app\//, ''),
    }));
    expect(copied.length).toBeGreaterThan(10);
    const built = /(^|\/)dist$|^node_modules$/;
    for (const c of copied) {
      if (c.stage && built.test(c.from)) continue;
      expect(existsSync(path.join(REPO_ROOT, c.from)), `COPY ${c.from}`).toBe(true);
    }
    // What the build stage makes is what `npm run build` makes: a dist/ per backend package.
    for (const pkg of ['contracts', 'infra', 'projections', 'workflows', 'backend']) {
      expect(JSON.parse(readFileSync(path.join(REPO_ROOT, pkg, 'package.json'), 'utf8')).scripts.build, pkg).toBe(
        'node ../scripts/compile.mjs',
      );
      expect(dockerfile).toContain(`COPY --from=build /app/${pkg}/dist ${pkg}/dist`);
    }
  });
});
