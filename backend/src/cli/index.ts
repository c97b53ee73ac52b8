import { runCli } from './run';

/**
 * The operator CLI's entry point: `npm run cli -- <group> <command> [--flags]`. Works whether or not
 * the server is running (it reuses the running embedded Postgres, or starts it for the command).
 * With --json each result is one JSON line; failures exit non-zero with a clear message on stderr.
 * Nothing imports this file: command types live in `command.ts`, the runner in `run.ts`.
 */
process.exit(await runCli(process.argv.slice(2)));
