import { backendEntryArgs, REPO_ROOT } from '@fp/infra';
import { execFile } from 'node:child_process';
import { format } from 'node:util';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run cli -- …` as a real process (a fresh Node: the compiled build when current, else the sources
 * through tsx; backendEntryArgs): what an operator runs. Each spawn costs
 * seconds of module loading, so a test file keeps one real spawn per command and runs the rest
 * with runCliInProcess.
 */
export function spawnCli(args: string[], env: Record<string, string> = {}, timeoutMs = 120_000): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...backendEntryArgs('cli/index'), ...args],
      { cwd: REPO_ROOT, env: { ...process.env, ...env }, timeout: timeoutMs },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * The same command line through the CLI's own runner (runCli) in this process: its console output
 * captured as stdout/stderr, `env` set for the command's duration, process.exitCode read and put
 * back. Calls run one at a time (the console and the environment are the process's).
 */
export function runCliInProcess(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const run = queue.then(async () => {
    const { runCli } = await import('../cli/run');
    const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    const stdout: string[] = [];
    const stderr: string[] = [];
    const original = { log: console.log, info: console.info, warn: console.warn, error: console.error };
    const exitCode = process.exitCode;
    Object.assign(process.env, env);
    console.log = console.info = (...a: unknown[]) => void stdout.push(`${format(...a)}\n`);
    console.warn = console.error = (...a: unknown[]) => void stderr.push(`${format(...a)}\n`);
    process.exitCode = undefined;
    try {
      const code = await runCli(args);
      return { code, stdout: stdout.join(''), stderr: stderr.join('') };
    } finally {
      Object.assign(console, original);
      process.exitCode = exitCode;
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

/**
 * A test file's `npm run cli -- …`: the first run of each command (its leading words) is the real
 * process, which proves the command line an operator types works; every later run goes through
 * runCliInProcess, which tests what the command does without paying a Node start each time.
 * `env` is read at each call (a file's database is made in its beforeAll).
 */
export function fileCli(env: () => Record<string, string>): (args: string[]) => Promise<CliResult> {
  const spawned = new Set<string>();
  return (args) => {
    const command = args
      .filter((a) => !a.startsWith('-'))
      .slice(0, 2)
      .join(' ');
    if (spawned.has(command)) return runCliInProcess(args, env());
    spawned.add(command);
    return spawnCli(args, env());
  };
}
