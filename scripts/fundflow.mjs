#!/usr/bin/env node
// What `npm start`, `start:api`, `start:projections`, `worker` and `cli` run:
//
//   node scripts/fundflow.mjs <start|api|projections|worker|cli> [args …]
//
// NODE_ENV=production: the compiled build (backend/dist, `npm run build`) with plain node and
// source maps on; nothing is compiled at run time. Otherwise the TypeScript sources through tsx,
// and `start` builds the screens first unless frontend/dist carries the stamp of the current
// sources (scripts/frontend-stamp.mjs), so a second start does not build them again. The server runs in this process, so a
// process manager's SIGTERM reaches it. The npm scripts `exec` this file, so npm's own signal
// reaches it too (and an app whose parent dies stops itself, backend/src/main.ts); in a container,
// `node backend/dist/main.js --role=<role>` spares the npm process altogether (docs/deploy.md).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { frontendBuildIsCurrent, frontendSourcesHash, writeFrontendStamp } from './frontend-stamp.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COMMANDS = {
  start: [],
  api: ['--role=api'],
  projections: ['--role=projections'],
  worker: ['--role=worker'],
  cli: null,
};
const [command, ...rest] = process.argv.slice(2);
if (!command || !(command in COMMANDS)) {
  console.error(`Usage: node scripts/fundflow.mjs <${Object.keys(COMMANDS).join('|')}> [args …]`);
  process.exit(2);
}
// The server stops itself when the process that started it dies (backend/src/main.ts): it compares
// against the parent seen here, at once, since npm may be killed while the server's modules load.
if (command !== 'cli') process.env.FUNDFLOW_PARENT_PID = String(process.ppid);
const production = process.env.NODE_ENV === 'production';
const entry = command === 'cli' ? 'cli/index' : 'main';

// The roles that drive a browser refuse to start without one, at once, saying how to get it.
if ((command === 'start' || command === 'worker') && !chromiumFound()) {
  console.error(chromiumAdvice());
  process.exit(1);
}

if (production) {
  const file = path.join(ROOT, 'backend', 'dist', `${entry}.js`);
  if (!existsSync(file)) {
    console.error(
      `[start] NODE_ENV=production runs the compiled build, and ${path.relative(ROOT, file)} is missing: run \`npm run build\` first.`,
    );
    process.exit(1);
  }
  process.setSourceMapsEnabled(true);
  process.argv = [process.argv[0], file, ...(COMMANDS[command] ?? []), ...rest];
  await import(pathToFileURL(file).href);
} else {
  if (command === 'start') {
    const sources = frontendSourcesHash(ROOT);
    if (frontendBuildIsCurrent(ROOT, sources)) {
      console.log('[start] frontend/dist is built from the current sources: not building the screens again.');
    } else {
      const built = spawnSync('npx', ['turbo', 'run', 'build', '--filter=@fp/frontend', '--output-logs=errors-only'], {
        cwd: ROOT,
        stdio: 'inherit',
      });
      if (built.status !== 0) process.exit(built.status ?? 1);
      writeFrontendStamp(ROOT, sources);
    }
  }
  const file = path.join(ROOT, 'backend', 'src', `${entry}.ts`);
  const { register } = await import('tsx/esm/api');
  register();
  process.argv = [process.argv[0], file, ...(COMMANDS[command] ?? []), ...rest];
  await import(pathToFileURL(file).href);
}

/** The browser the workers launch: CHROMIUM_PATH, else Debian's /usr/bin/chromium (workflows/src/automation/browser.ts). */
function chromiumFound() {
  return existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium');
}

function chromiumAdvice() {
  const wanted = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const lines = [`[start] No Chromium at ${wanted}: the workers need it to send applications.`];
  const playwright =
    'npx playwright-core install chromium   # then set CHROMIUM_PATH to the chrome binary it printed (under ~/.cache/ms-playwright)';
  if (process.platform === 'linux') {
    const os = existsSync('/etc/os-release') ? osRelease() : '';
    if (/debian|ubuntu/.test(os))
      lines.push(
        /ubuntu/.test(os)
          ? `  Install it:  ${playwright}\n  (Ubuntu's chromium package is a snap wrapper; Playwright's own build works without snapd.)`
          : '  Install it:  sudo apt-get install -y chromium',
      );
    else if (/alpine/.test(os))
      lines.push('  Install it:  sudo apk add chromium   and set CHROMIUM_PATH=/usr/bin/chromium-browser');
    else if (/fedora|rhel|centos/.test(os))
      lines.push('  Install it:  sudo dnf install -y chromium   and set CHROMIUM_PATH=/usr/bin/chromium-browser');
    else if (/arch/.test(os)) lines.push('  Install it:  sudo pacman -S chromium');
    else lines.push(`  Install it:  ${playwright}`);
  } else {
    lines.push(`  Install it:  ${playwright}`);
  }
  lines.push('  Or point CHROMIUM_PATH at a Chromium or Chrome you already have.');
  return lines.join('\n');
}

function osRelease() {
  const text = readFileSync('/etc/os-release', 'utf8');
  const id = /^ID=(.*)$/m.exec(text)?.[1] ?? '';
  const like = /^ID_LIKE=(.*)$/m.exec(text)?.[1] ?? '';
  return `${id} ${like}`.toLowerCase().replace(/"/g, '');
}
