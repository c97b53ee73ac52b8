import { parseArgs } from 'node:util';
import { createRuntime, type Runtime } from '../runtime';
import { commands } from './commands';

/**
 * The operator CLI: `npm run cli -- <group> <command> [--flags]`. Works whether or not the server is
 * running (it reuses the running embedded Postgres, or starts it for the command). With --json each
 * result is one JSON line; failures exit non-zero with a clear message on stderr.
 */
export interface CliCommand {
  /** e.g. "users create" */
  name: string;
  summary: string;
  options?: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;
  /** Runs with services; returns one or more results to print. */
  run(rt: Runtime, args: { values: Record<string, any>; positionals: string[] }, out: Output): Promise<void>;
  /** Commands that need no database (e.g. apply-form) skip booting the runtime. */
  standalone?: boolean;
}

export interface Output {
  json: boolean;
  /** Prints one result: a JSON line with --json, else the human text. */
  result(value: unknown, human?: string): void;
  info(msg: string): void;
}

export class CliError extends Error {}

function usage(): string {
  return ['Usage: npm run cli -- <command> [options] [--json]', '', 'Commands:', ...commands.map((c) => `  ${c.name.padEnd(24)} ${c.summary}`)].join('\n');
}

async function main(argv: string[]) {
  const words = argv.filter((a) => !a.startsWith('-'));
  const cmd = [...commands].sort((a, b) => b.name.split(' ').length - a.name.split(' ').length).find((c) => c.name.split(' ').every((w, i) => words[i] === w));
  if (!cmd) {
    console.error(argv.length ? `Unknown command: ${words.join(' ')}\n\n${usage()}` : usage());
    process.exit(2);
  }
  const rest = argv.slice(argv.indexOf(cmd.name.split(' ').at(-1)!) + 1);
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: { json: { type: 'boolean' }, ...(cmd.options ?? {}) }, allowPositionals: true, strict: true });
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${usage()}`);
    process.exit(2);
  }
  const json = Boolean(parsed.values.json);
  const out: Output = {
    json,
    result(value, human) {
      console.log(json ? JSON.stringify(value) : (human ?? (typeof value === 'string' ? value : JSON.stringify(value, null, 2))));
    },
    info(msg) {
      if (!json) console.error(msg);
    },
  };
  let rt: Runtime | undefined;
  try {
    if (!cmd.standalone) rt = await createRuntime({ role: 'cli', log: (m) => out.info(m) });
    await cmd.run(rt as Runtime, parsed as any, out);
    if (rt) await rt.ctx.projections.waitFor(undefined, 60_000).catch(() => undefined);
  } catch (err) {
    const message = err instanceof CliError || (err as any)?.name === 'DomainError' ? (err as Error).message : `${(err as Error).message}`;
    if (json) console.log(JSON.stringify({ error: message }));
    console.error(`Error: ${message}`);
    process.exitCode = 1;
  } finally {
    await rt?.stop();
  }
  process.exit(process.exitCode ?? 0);
}

await main(process.argv.slice(2));
