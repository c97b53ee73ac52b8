import { parseArgs } from 'node:util';
import { createRuntime, type Runtime } from '../runtime';
import { CliError, type CliCommand, type Output } from './command';
import { commands } from './commands';

export function usage(list: readonly CliCommand[] = commands): string {
  return [
    'Usage: npm run cli -- <command> [options] [--json]',
    '',
    'Commands:',
    ...list.map((c) => `  ${c.name.padEnd(24)} ${c.summary}`),
  ].join('\n');
}

/** The command named by the leading words of argv (the longest name that matches), if any. */
export function findCommand(argv: readonly string[], list: readonly CliCommand[] = commands): CliCommand | undefined {
  const words = argv.filter((a) => !a.startsWith('-'));
  return [...list]
    .sort((a, b) => b.name.split(' ').length - a.name.split(' ').length)
    .find((c) => c.name.split(' ').every((w, i) => words[i] === w));
}

/** Runs one command line; answers the exit code (2: usage, 1: the command failed). */
export async function runCli(argv: string[]): Promise<number> {
  const cmd = findCommand(argv);
  if (!cmd) {
    const words = argv.filter((a) => !a.startsWith('-'));
    console.error(argv.length ? `Unknown command: ${words.join(' ')}\n\n${usage()}` : usage());
    return 2;
  }
  const rest = argv.slice(argv.indexOf(cmd.name.split(' ').at(-1)!) + 1);
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      options: { json: { type: 'boolean' }, ...(cmd.options ?? {}) },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${usage()}`);
    return 2;
  }
  const json = Boolean(parsed.values.json);
  const out: Output = {
    json,
    result(value, human) {
      console.log(
        json ? JSON.stringify(value) : (human ?? (typeof value === 'string' ? value : JSON.stringify(value, null, 2))),
      );
    },
    info(msg) {
      if (!json) console.error(msg);
    },
  };
  let rt: Runtime | undefined;
  let code = 0;
  try {
    if (!cmd.standalone) rt = await createRuntime({ role: 'cli', log: (m) => out.info(m) });
    await cmd.run(rt as Runtime, parsed as any, out);
    if (rt) await rt.ctx.projections.waitFor(undefined, 60_000).catch(() => undefined);
  } catch (err) {
    const message =
      err instanceof CliError || (err as any)?.name === 'DomainError'
        ? (err as Error).message
        : `${(err as Error).message}`;
    if (json) console.log(JSON.stringify({ error: message }));
    console.error(`Error: ${message}`);
    code = 1;
  } finally {
    await rt?.stop();
  }
  // Some commands report a soft failure (an unclean audit, a failed apply) through process.exitCode.
  return code || Number(process.exitCode ?? 0);
}
